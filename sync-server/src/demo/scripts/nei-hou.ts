/**
 * Introductory, Cantonese (espeak-ng's `yue` voice): greetings with about ten words, each line said
 * slowly, twice or three times. Written Cantonese in Traditional characters; every word's reading as
 * espeak-ng says it matches to-jyutping's (demo/cantonese.test.ts), so words it reads otherwise (唔該
 * ng4 goi1, 我哋 ngo5 dei2, 名 ming4 in 咩名) are left out.
 */
import type { DemoScript } from './script.ts'

export const neiHou: DemoScript = {
  repeat: 2,
  lines: [
    { said: '你好。', en: 'Hello.', repeat: 3 },
    { said: '我。', en: 'I. Me.' },
    { said: '你。', en: 'You.' },
    { said: '我係阿明。', en: 'I am Ming.' },
    { said: '我係阿詩。', en: 'I am Si.' },
    { said: '你係阿明。', en: 'You are Ming.' },
    { said: '早晨。', en: 'Good morning.', repeat: 3 },
    { said: '早晨，阿明。', en: 'Good morning, Ming.' },
    { said: '你好嗎？', en: 'How are you?' },
    { said: '我好好。', en: 'I am very well.' },
    { said: '我幾好，多謝。', en: 'I am quite well, thanks.' },
    { said: '多謝你。', en: 'Thank you.' },
    { said: '拜拜。', en: 'Bye-bye.', repeat: 3 },
    { said: '拜拜，阿詩。', en: 'Bye, Si.' },
  ],
}
