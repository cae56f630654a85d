import { OTP_TTL_MINUTES } from '../../../contract/index.ts'
import type { MailMessage } from './mailer.ts'

/** The sign-in code e-mail, in English and Vietnamese: we do not know the reader's language yet. */
export function signInCodeMail(to: string, code: string): MailMessage {
  const text = [
    `Your Dễ Hiểu sign-in code is ${code}`,
    `It works for ${OTP_TTL_MINUTES} minutes. If you did not ask for it, ignore this e-mail.`,
    '',
    `Mã đăng nhập Dễ Hiểu của bạn là ${code}`,
    `Mã có hiệu lực trong ${OTP_TTL_MINUTES} phút. Nếu bạn không yêu cầu mã này, hãy bỏ qua e-mail.`,
  ].join('\n')
  const html = `<p>Your Dễ Hiểu sign-in code is</p><p style="font-size:28px;letter-spacing:6px"><strong>${code}</strong></p>
<p>It works for ${OTP_TTL_MINUTES} minutes. If you did not ask for it, ignore this e-mail.</p><hr>
<p>Mã đăng nhập Dễ Hiểu của bạn là <strong>${code}</strong>. Mã có hiệu lực trong ${OTP_TTL_MINUTES} phút.</p>`
  return { to, subject: `${code} is your Dễ Hiểu sign-in code`, text, html }
}
