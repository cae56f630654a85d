import { describe, expect, it } from 'vitest'
import { displayNameProblem, hasVisibleCharacter, nameSkeleton, normalizeDisplayName } from './text-rules.ts'

const problem = (name: string, options?: { allowStaffNames?: boolean }) => displayNameProblem(normalizeDisplayName(name), options)

describe('display name rules', () => {
  it('keeps Vietnamese names with their tone marks, typed precomposed or decomposed', () => {
    for (const name of ['Nguyễn Thị Ngọc Ánh', 'Trần Văn Ệ', 'Lê Đệ Hiếu Anh', 'Phạm_Quỳnh-2', '李小龍', 'Badminton']) {
      expect(problem(name), name).toBeNull()
      expect(problem(name.normalize('NFD')), `${name} (NFD)`).toBeNull()
    }
  })

  it('refuses names that show nothing: Hangul fillers, zero-width and bidi characters', () => {
    expect(problem('\u3164\u3164\u3164')).toBe('invisible')
    expect(problem('\u115F\u1160\uFFA0')).toBe('invisible')
    expect(problem('Lan\u200B')).toBe('invisible')
    expect(problem('Lan\u202Eanh')).toBe('invisible')
    expect(problem('Lan\uFE0F')).toBe('invisible')
    expect(problem('...')).toBe('invisible')
  })

  it('refuses more than three combining marks in a row, however the letter was typed', () => {
    expect(problem('a' + '\u0301'.repeat(31))).toBe('marks')
    expect(problem('Lan' + '\u0301\u0302\u0303\u0304')).toBe('marks')
    expect(problem('ễ\u0301\u0302' + 'xx')).toBe('marks') // 2 inside ễ plus 2 more
    expect(problem('Lan' + '\u0301\u0302\u0303')).toBeNull()
  })

  it('refuses staff and brand look-alikes to everyone but admins', () => {
    for (const name of ['admin', 'аdmin', 'ａｄｍｉｎ', 'ADMIN', 'Admin2', 'Moderator', 'Sսpport', 'Dễ Hiểu', 'de-hieu', 'Ꭰễ Hiểu']) {
      expect(problem(name), name).toBe('reserved')
      expect(problem(name, { allowStaffNames: true }), `${name} by an admin`).toBeNull()
    }
  })

  it('refuses a staff word standing as a word anywhere in the name, through its look-alikes (issue 45)', () => {
    const staff = ['Dehieu Support', 'DeHieu Staff', 'Admin Team', 'Official Dễ Hiểu', 'Adm1n', 'adrnin', 'm0derator']
    const more = ['adminteam', 'dehieusupport', 'Lan Admin', 'The Staff', 'iAdmin', '2admin', 'Admins', 'Ad min', '5upport', 'supp0rt', 'aclmin', 'Admin_Lan', 'lan.support', 'ADM1N', 'admln']
    for (const name of [...staff, ...more]) {
      expect(problem(name), name).toBe('reserved')
      expect(problem(name, { allowStaffNames: true }), `${name} by an admin`).toBeNull()
    }
  })

  it('keeps names where a staff word is only part of a word, or a Vietnamese name that sounds alike', () => {
    for (const name of ['Badminton', 'Lê Đệ Hiếu Anh', 'Đệ Hiếu', 'Nguyễn Đức Hiếu', 'Supporter Lan', 'Staffan', 'Madmin', 'Arnold', 'Clare', 'Helen', 'Real Lan', 'Team Lan', 'Minh Anh']) {
      expect(problem(name), name).toBeNull()
    }
  })

  it('reads names through the confusables skeleton', () => {
    expect(nameSkeleton('аdmin')).toBe('admin')
    expect(nameSkeleton('ｄｅ　ｈｉｅｕ')).toBe('dehieu')
  })
})

describe('comments', () => {
  it('need one visible character: zero-width, fillers and blank braille are not', () => {
    for (const text of ['\u200B\u200B\u200B', '\u3164', '\u2800', ' \u202E ', '\uFEFF']) expect(hasVisibleCharacter(text), JSON.stringify(text)).toBe(false)
    for (const text of ['👍', 'ok', 'Hay quá!', '\u200Bx']) expect(hasVisibleCharacter(text)).toBe(true)
  })
})
