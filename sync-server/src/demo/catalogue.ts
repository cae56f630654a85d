/**
 * The demo catalogue: which videos, from which script, in which voice, at which level and access. The
 * levels set the pace (slower and with longer pauses for the first ones); each voice is a dialect, and
 * each dialect has an introductory video. One series of three episodes (a day in Hà Nội, northern).
 * Then a first Cantonese shelf (issue 46), made after the Vietnamese videos: three short videos in
 * espeak-ng's `yue` voice, labelled as synthetic speech, each with a Traditional and an English track.
 */
import type { PublishFields } from '../../../contract/index.ts'
import type { DemoClipSpec } from './demo-clip.ts'
import type { Dialect } from '../../../contract/index.ts'
import type { SlidesStyle } from './slides.ts'
import type { Pacing } from './timeline.ts'
import { buoiSang } from './scripts/buoi-sang.ts'
import { buoiToi } from './scripts/buoi-toi.ts'
import { diCho } from './scripts/di-cho.ts'
import { jamCaa } from './scripts/jam-caa.ts'
import { mauSac } from './scripts/mau-sac.ts'
import { neiHou } from './scripts/nei-hou.ts'
import { soDem } from './scripts/so-dem.ts'
import { souZi } from './scripts/sou-zi.ts'
import { tinTuc } from './scripts/tin-tuc.ts'
import { xinChao } from './scripts/xin-chao.ts'

type Level = PublishFields['proficiency_level']

export const DEMO_SERIES = { name: 'Một ngày ở Hà Nội', description: 'A day in Hanoi, in three short episodes.' }

export interface DemoVideo extends DemoClipSpec {
  title: string
  description: string
  level: Level
  access: 'free' | 'premium' | 'preview'
  episode?: number
}

const PACING: Record<Level, Pacing> = {
  introductory: { wordsPerMinute: 90, betweenRepeats: 1.5, afterLine: 2.5 },
  beginner: { wordsPerMinute: 115, betweenRepeats: 1.2, afterLine: 1.8 },
  intermediate: { wordsPerMinute: 140, betweenRepeats: 1, afterLine: 1.2 },
  advanced: { wordsPerMinute: 165, betweenRepeats: 0.8, afterLine: 0.8 },
}

const CORNER: Record<Exclude<Dialect, 'mixed'>, string> = {
  northern: 'Giọng miền Bắc',
  central: 'Giọng miền Trung',
  southern: 'Giọng miền Nam',
}

const PALETTES = {
  mint: { background: '0xe2f1ed', ink: '0x16302c', muted: '0x4f7a72' },
  sand: { background: '0xf5efe3', ink: '0x33291c', muted: '0x85735a' },
  sky: { background: '0xe7eef6', ink: '0x1c2a3a', muted: '0x5a6f86' },
  sage: { background: '0xeaf0e2', ink: '0x26301c', muted: '0x66775a' },
  dusk: { background: '0x1f3a3d', ink: '0xf3efe6', muted: '0xa8c2bd' },
}

/** The Cantonese videos' corner label: the language, and that the voice is synthetic. */
const CANTONESE_CORNER = '粵語 · 合成語音 (espeak-ng)'

type VideoFields = Omit<DemoVideo, 'pacing' | 'style' | 'captions' | 'language' | 'dialect'> & { size: [number, number]; palette: keyof typeof PALETTES }

function video(fields: VideoFields & { dialect: Exclude<Dialect, 'mixed'> }): DemoVideo {
  const { size, palette, ...rest } = fields
  const style: SlidesStyle = { width: size[0], height: size[1], ...PALETTES[palette], title: fields.title, corner: CORNER[fields.dialect] }
  // English captions where a newcomer needs the meaning: the introductory videos.
  const captions: DemoVideo['captions'] = fields.level === 'introductory' ? ['vi', 'en'] : ['vi']
  return { ...rest, language: 'vi', pacing: PACING[fields.level], style, captions }
}

/** A Cantonese video: a Traditional track and an English one always (a learner of characters needs the meaning). */
function cantonese(fields: VideoFields): DemoVideo {
  const { size, palette, ...rest } = fields
  const style: SlidesStyle = { width: size[0], height: size[1], ...PALETTES[palette], title: fields.title, corner: CANTONESE_CORNER, characters: true }
  return { ...rest, language: 'yue', dialect: null, pacing: PACING[fields.level], style, captions: ['yue', 'en'] }
}

export const DEMO_VIDEOS: DemoVideo[] = [
  video({ title: 'Xin chào!', description: 'Greetings: about ten words, slowly, each line twice.', level: 'introductory', access: 'free', dialect: 'northern', script: xinChao, size: [1280, 720], palette: 'mint' }),
  video({ title: 'Màu sắc', description: 'Colours around the house, in a southern voice.', level: 'introductory', access: 'preview', dialect: 'southern', script: mauSac, size: [640, 360], palette: 'sand' }),
  video({ title: 'Số đếm', description: 'Counting from one to ten, in a central voice.', level: 'introductory', access: 'free', dialect: 'central', script: soDem, size: [640, 360], palette: 'sky' }),
  video({ title: 'Buổi sáng', description: 'Episode 1: breakfast and coffee.', level: 'beginner', access: 'free', dialect: 'northern', script: buoiSang, size: [640, 360], palette: 'sage', episode: 1 }),
  video({ title: 'Đi chợ', description: 'Episode 2: at the market.', level: 'beginner', access: 'premium', dialect: 'northern', script: diCho, size: [640, 360], palette: 'sand', episode: 2 }),
  video({ title: 'Buổi tối', description: 'Episode 3: dinner with friends.', level: 'intermediate', access: 'preview', dialect: 'northern', script: buoiToi, size: [1280, 720], palette: 'mint', episode: 3 }),
  video({ title: 'Tin tức hôm nay', description: 'The day\'s news, at natural speed, in a central voice.', level: 'advanced', access: 'premium', dialect: 'central', script: tinTuc, size: [640, 360], palette: 'dusk' }),
  cantonese({ title: '你好！', description: 'Greetings in Cantonese: about ten words, slowly, each line twice. Synthetic speech (espeak-ng).', level: 'introductory', access: 'free', script: neiHou, size: [640, 360], palette: 'mint' }),
  cantonese({ title: '一二三', description: 'Counting from one to ten, then apples and oranges. Synthetic speech (espeak-ng).', level: 'introductory', access: 'free', script: souZi, size: [640, 360], palette: 'sky' }),
  cantonese({ title: '飲茶', description: 'Going for dim sum: ordering, eating, paying. Synthetic speech (espeak-ng).', level: 'beginner', access: 'preview', script: jamCaa, size: [640, 360], palette: 'sand' }),
]
