/** Beginner, Cantonese: going for dim sum (飲茶, "drinking tea"), ordering, eating, paying. */
import type { DemoScript } from './script.ts'

export const jamCaa: DemoScript = {
  repeat: 2,
  lines: [
    { said: '今日好熱。', en: 'It is very hot today.' },
    { said: '你想去飲茶嗎？', en: 'Do you want to go for dim sum?' },
    { said: '好。', en: 'Sure.' },
    { said: '今日去飲茶。', en: 'Today we go for dim sum.' },
    { said: '有蝦餃，有茶。', en: 'There are shrimp dumplings, there is tea.' },
    { said: '蝦餃好好食。', en: 'The shrimp dumplings are delicious.' },
    { said: '食多個啦。', en: 'Have one more.' },
    { said: '我好飽。', en: 'I am very full.' },
    { said: '埋單。', en: 'The bill, please.' },
    { said: '多少錢？', en: 'How much is it?' },
    { said: '一百蚊。', en: 'A hundred dollars.' },
    { said: '多謝，拜拜。', en: 'Thanks, bye-bye.' },
  ],
}
