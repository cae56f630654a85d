/**
 * The e-mails of a contributor's journey (issue 41), each in the reader's app language: the
 * application received, accepted (how to sign in, where to go) or declined, and a submission
 * published (its link). Plain sentences a person reads; links are whole addresses.
 */
import type { MailLanguage } from '../db/schema/columns.ts'
import type { MailMessage } from './mailer.ts'

interface Written {
  subject: string
  lines: string[]
}

const SIGN_OFF: Record<MailLanguage, string[]> = {
  en: ['', 'The Dễ Hiểu team'],
  vi: ['', 'Đội ngũ Dễ Hiểu'],
}

function message(to: string, language: MailLanguage, written: Written): MailMessage {
  return { to, subject: written.subject, text: [...written.lines, ...SIGN_OFF[language]].join('\n') }
}

export function applicationReceivedMail(to: string, language: MailLanguage, name: string): MailMessage {
  const written: Record<MailLanguage, Written> = {
    en: {
      subject: 'We received your application to contribute to Dễ Hiểu',
      lines: [
        `Hello ${name},`,
        '',
        'Thank you for applying to make videos for Dễ Hiểu. We received your application and your sample video.',
        'Someone from our team will watch it and write to you at this address with our answer, usually within a week.',
      ],
    },
    vi: {
      subject: 'Chúng tôi đã nhận đơn đăng ký cộng tác với Dễ Hiểu của bạn',
      lines: [
        `Chào ${name},`,
        '',
        'Cảm ơn bạn đã đăng ký làm video cho Dễ Hiểu. Chúng tôi đã nhận được đơn và video mẫu của bạn.',
        'Một người trong đội ngũ sẽ xem video và trả lời bạn qua địa chỉ e-mail này, thường trong vòng một tuần.',
      ],
    },
  }
  return message(to, language, written[language])
}

export function applicationAcceptedMail(to: string, language: MailLanguage, name: string, links: { signIn: string; dashboard: string }): MailMessage {
  const written: Record<MailLanguage, Written> = {
    en: {
      subject: 'Welcome to Dễ Hiểu: your application is accepted',
      lines: [
        `Hello ${name},`,
        '',
        'Good news: we watched your sample video and you are now a Dễ Hiểu contributor.',
        '',
        `To start, sign in at ${links.signIn} with this e-mail address (${to}). We send you a code; there is no password.`,
        `After signing in you land on your contributor dashboard, ${links.dashboard}, where you upload videos and follow them until they are published.`,
      ],
    },
    vi: {
      subject: 'Chào mừng bạn đến với Dễ Hiểu: đơn đăng ký của bạn đã được chấp nhận',
      lines: [
        `Chào ${name},`,
        '',
        'Tin vui: chúng tôi đã xem video mẫu của bạn và bạn đã trở thành cộng tác viên của Dễ Hiểu.',
        '',
        `Để bắt đầu, hãy đăng nhập tại ${links.signIn} bằng địa chỉ e-mail này (${to}). Chúng tôi sẽ gửi cho bạn một mã; không cần mật khẩu.`,
        `Sau khi đăng nhập, bạn sẽ vào bảng điều khiển cộng tác viên, ${links.dashboard}, nơi bạn tải video lên và theo dõi chúng cho đến khi được đăng.`,
      ],
    },
  }
  return message(to, language, written[language])
}

export function applicationDeclinedMail(to: string, language: MailLanguage, name: string): MailMessage {
  const written: Record<MailLanguage, Written> = {
    en: {
      subject: 'Your application to contribute to Dễ Hiểu',
      lines: [
        `Hello ${name},`,
        '',
        'Thank you for applying to make videos for Dễ Hiểu and for the time you put into your sample video.',
        'We are not able to take you on as a contributor this time. You are welcome to keep learning with Dễ Hiểu, and to apply again later.',
      ],
    },
    vi: {
      subject: 'Về đơn đăng ký cộng tác với Dễ Hiểu của bạn',
      lines: [
        `Chào ${name},`,
        '',
        'Cảm ơn bạn đã đăng ký làm video cho Dễ Hiểu và đã dành thời gian cho video mẫu.',
        'Lần này chúng tôi chưa thể nhận bạn làm cộng tác viên. Bạn vẫn có thể tiếp tục học với Dễ Hiểu và đăng ký lại sau.',
      ],
    },
  }
  return message(to, language, written[language])
}

export function submissionPublishedMail(to: string, language: MailLanguage, title: string, videoUrl: string): MailMessage {
  const written: Record<MailLanguage, Written> = {
    en: {
      subject: `Your video “${title}” is published on Dễ Hiểu`,
      lines: ['Hello,', '', `Your video “${title}” is now published, and learners can watch it here:`, videoUrl, '', 'Thank you for making it.'],
    },
    vi: {
      subject: `Video “${title}” của bạn đã được đăng trên Dễ Hiểu`,
      lines: ['Chào bạn,', '', `Video “${title}” của bạn đã được đăng, và người học có thể xem tại đây:`, videoUrl, '', 'Cảm ơn bạn đã làm video này.'],
    },
  }
  return message(to, language, written[language])
}
