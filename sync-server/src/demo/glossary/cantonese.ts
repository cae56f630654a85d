/**
 * The demo's Cantonese glossary (written for the demo, so its licence is ours): the words of the
 * Cantonese scripts (nei-hou, sou-zi, jam-caa), loaded into the Cantonese lexicon. One entry a line:
 * `headword: gloss; gloss`; readings come from to-jyutping (none here needs correcting).
 */
export const CANTONESE_GLOSSARY = `
你好: hello
你: you
我: I; me
好: good; well; very (before an adjective)
係: to be (is, am, are); yes
阿明: Ming (a name; 阿 is a friendly prefix)
阿詩: Si (a name; 阿 is a friendly prefix)
早晨: good morning; morning
嗎: (at the end of a yes-or-no question)
幾: quite; fairly; how many
多謝: thank you (for a gift or a kindness)
拜拜: bye-bye
一: one
二: two
三: three
四: four
五: five
六: six
七: seven
八: eight
九: nine
十: ten
個: (the classifier for most things: 一個蘋果, one apple)
蘋果: apple
兩: two (before a classifier: 兩個, two of them)
橙: orange (the fruit)
有: to have; there is; there are
幾多: how many; how much
今日: today
熱: hot
想: to want to; to think
去: to go
飲茶: to go for dim sum ("drink tea")
飲: to drink
茶: tea
蝦餃: shrimp dumpling (har gow)
好食: delicious; tasty
食: to eat
多: more; many
啦: (at the end: a friendly suggestion)
飽: full (after eating)
埋單: the bill, please; to pay the bill
多少: how much
錢: money
百: hundred
蚊: dollar (colloquial); mosquito
`
