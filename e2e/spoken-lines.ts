/** The six spoken lines the player specs caption their videos with, and where their screenshots go. */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'

const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots')

/** Six lines, one every 3 s, each 2.5 s long: a half-second gap after each. */
export const WORDS = ['Xin chào các bạn.', 'Hôm nay tôi đi chợ với mẹ.', 'Mẹ mua rau và cá.', 'Chúng tôi về nhà.', 'Bố nấu cơm.', 'Cả nhà ăn tối.']
export const LINES = WORDS.map((text, index) => ({ start: index * 3, end: index * 3 + 2.5, text }))
export const ENGLISH = ['Hello everyone.', 'Today I go to the market with my mother.', 'Mother buys vegetables and fish.', 'We go home.', 'Dad cooks rice.', 'The family has dinner.']
export const ENGLISH_LINES = ENGLISH.map((text, index) => ({ start: index * 3, end: index * 3 + 2.5, text }))

export async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) })
}
