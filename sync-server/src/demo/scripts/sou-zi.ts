/** Introductory, Cantonese: counting from one to ten, then a few apples and oranges. */
import type { DemoScript } from './script.ts'

export const souZi: DemoScript = {
  repeat: 2,
  lines: [
    { said: '一、二、三。', en: 'One, two, three.' },
    { said: '四、五、六。', en: 'Four, five, six.' },
    { said: '七、八、九、十。', en: 'Seven, eight, nine, ten.' },
    { said: '一個蘋果。', en: 'One apple.' },
    { said: '兩個蘋果。', en: 'Two apples.' },
    { said: '三個橙。', en: 'Three oranges.' },
    { said: '我有兩個橙。', en: 'I have two oranges.' },
    { said: '你有幾多個？', en: 'How many do you have?' },
    { said: '我有十個。', en: 'I have ten.' },
  ],
}
