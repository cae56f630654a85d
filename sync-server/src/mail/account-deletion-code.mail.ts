import { OTP_TTL_MINUTES } from '../../../contract/index.ts'
import type { MailMessage } from './mailer.ts'

/**
 * The code that confirms deleting an account, in English and Vietnamese. Worded apart from the sign-in
 * mail, so nobody mistakes it for one: whoever did not ask should know someone with their unlocked
 * device tried, and that without this code nothing happens.
 */
export function accountDeletionCodeMail(to: string, code: string): MailMessage {
  const text = [
    `Your code to DELETE your Dễ Hiểu account is ${code}`,
    `It works for ${OTP_TTL_MINUTES} minutes. Entering it deletes your account and everything in it for good.`,
    'If you did not ask to delete your account, ignore this e-mail: nothing happens without the code.',
    '',
    `Mã để XÓA tài khoản Dễ Hiểu của bạn là ${code}`,
    `Mã có hiệu lực trong ${OTP_TTL_MINUTES} phút. Nhập mã sẽ xóa vĩnh viễn tài khoản và mọi dữ liệu của bạn.`,
    'Nếu bạn không yêu cầu xóa tài khoản, hãy bỏ qua e-mail này: không có gì xảy ra nếu không có mã.',
  ].join('\n')
  const html = `<p>Your code to <strong>delete</strong> your Dễ Hiểu account is</p><p style="font-size:28px;letter-spacing:6px"><strong>${code}</strong></p>
<p>It works for ${OTP_TTL_MINUTES} minutes. Entering it deletes your account and everything in it for good.
If you did not ask to delete your account, ignore this e-mail: nothing happens without the code.</p><hr>
<p>Mã để <strong>xóa</strong> tài khoản Dễ Hiểu của bạn là <strong>${code}</strong>. Mã có hiệu lực trong ${OTP_TTL_MINUTES} phút.
Nếu bạn không yêu cầu xóa tài khoản, hãy bỏ qua e-mail này.</p>`
  return { to, subject: 'Your code to delete your Dễ Hiểu account', text, html }
}
