/**
 * The comments section under the player. Premium people and admins read and post; a posted comment
 * shows at once as pending (it sits in the outbox), then as sent once the server's list has it.
 * Offline, the comments last seen show as a saved copy, saying when they were saved and that new
 * ones appear once the network is back: not as an error. Everyone else is told to sign up for
 * premium, with the upgrade link.
 */
import { useId, useState } from 'react'
import { Link } from 'react-router-dom'
import { COMMENT_MAX_CHARS } from '../../../../contract/limits.ts'
import { countCharacters } from '../../../../contract/text.ts'
import { MAX_COMBINING_MARKS_IN_A_ROW } from '../../../../contract/visible-text.ts'
import { useTranslation } from 'react-i18next'
import { useOnline } from '../../data/runtime/connectivity.ts'
import { commentProblem, postComment, useLocalComments, useServerComments, type CommentProblem } from '../../data/comments/comments.ts'

export function CommentsSection({ videoId, allowed }: { videoId: number; allowed: boolean }) {
  const { t } = useTranslation('watch')
  return (
    <section className="comments card" aria-labelledby="comments-title" data-testid="comments">
      <h2 id="comments-title" className="section-title">
        {t('comments.title')}
      </h2>
      {allowed ? (
        <CommentsBody videoId={videoId} />
      ) : (
        <div className="comments-upgrade" data-testid="comments-upgrade">
          <p>{t('comments.premiumOnly')}</p>
          <Link className="button button-accent button-small" to="/billing?plan=year">
            {t('upgrade')}
          </Link>
        </div>
      )}
    </section>
  )
}

function CommentsBody({ videoId }: { videoId: number }) {
  const { t, i18n } = useTranslation('watch')
  const local = useLocalComments(videoId)
  const pendingCount = local.filter((comment) => comment.state === 'pending').length
  const server = useServerComments(videoId, pendingCount)
  const online = useOnline()
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<CommentProblem | 'storeFailed' | null>(null)
  // Texts posted from this page that have left the outbox: their server copy gets the "sent" mark.
  const [postedTexts, setPostedTexts] = useState<ReadonlySet<string>>(new Set())
  const fieldId = useId()
  const errorId = useId()
  const length = countCharacters(text.trim())
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const found = commentProblem(text)
    setProblem(found)
    if (found) return
    try {
      await postComment(videoId, text)
      const posted = text.trim()
      setPostedTexts((previous) => new Set([...previous, posted]))
      setText('')
    } catch (error) {
      console.warn('Could not store the comment', error)
      setProblem('storeFailed')
    }
  }

  const pendingTexts = new Set(local.map((comment) => comment.text))
  const shown = server.kind === 'ready' || server.kind === 'saved' ? server.comments : null
  return (
    <>
      {server.kind === 'failed' ? (
        <p className="form-error" role="alert" data-testid="comments-failed">
          {t('comments.failed')}
        </p>
      ) : null}
      {server.kind === 'saved' ? (
        <p className="notice-inline" role="status" data-testid="comments-saved">
          {t(online ? 'comments.savedCopyUnreachable' : 'comments.savedCopyOffline', { date: dateFormat.format(new Date(server.savedAt)) })}
        </p>
      ) : null}
      {server.kind === 'unreachable' ? (
        <p className="notice-inline" role="status" data-testid="comments-unreachable">
          {t(online ? 'comments.unreachable' : 'comments.offline')}
        </p>
      ) : null}
      {server.kind === 'loading' ? <p className="muted">{t('comments.loading')}</p> : null}
      <ol className="comment-list" data-testid="comment-list">
        {shown
          ? shown.map((comment) => (
              <li key={comment.id} className="comment" data-testid="comment">
                <p className="comment-meta">
                  <strong>{comment.author.display_name ?? t('comments.anonymous')}</strong>{' '}
                  <time dateTime={comment.created_at}>{dateFormat.format(new Date(comment.created_at))}</time>
                  {postedTexts.has(comment.text) && !pendingTexts.has(comment.text) ? (
                    <span className="tag tag-success" data-testid="comment-sent">
                      {t('comments.sent')}
                    </span>
                  ) : null}
                </p>
                {comment.deleted ? (
                  <p className="comment-text comment-deleted" data-testid="comment-deleted">
                    {t('comments.deleted')}
                  </p>
                ) : (
                  <p className="comment-text">{comment.text}</p>
                )}
              </li>
            ))
          : null}
        {local.map((comment) => (
          <li key={comment.clientId} className="comment comment-local" data-testid={`comment-${comment.state}`}>
            <p className="comment-meta">
              <strong>{t('comments.you')}</strong>{' '}
              <span className={comment.state === 'refused' ? 'tag tag-danger' : 'tag'}>
                {comment.state === 'pending' ? t('comments.pending') : t('comments.refused')}
              </span>
            </p>
            <p className="comment-text">{comment.text}</p>
            {comment.error ? <p className="form-error">{comment.error}</p> : null}
          </li>
        ))}
      </ol>
      {shown && shown.length === 0 && local.length === 0 ? <p className="muted">{t(server.kind === 'saved' ? 'comments.emptySaved' : 'comments.empty')}</p> : null}
      <form className="comment-form" onSubmit={submit} noValidate>
        <label className="field-label" htmlFor={fieldId}>
          {t('comments.label')}
        </label>
        <textarea
          id={fieldId}
          className="input textarea"
          rows={3}
          value={text}
          aria-invalid={problem !== null && problem !== 'storeFailed'}
          aria-describedby={errorId}
          onChange={(event) => {
            setText(event.target.value)
            if (problem) setProblem(null)
          }}
          data-testid="comment-input"
        />
        <div className="comment-form-row">
          <span className={length > COMMENT_MAX_CHARS ? 'counter counter-over' : 'counter'}>
            {t('comments.counter', { count: length, max: COMMENT_MAX_CHARS })}
          </span>
          <button type="submit" className="button button-small" data-testid="comment-submit">
            {t('comments.post')}
          </button>
        </div>
        <div id={errorId} role="alert" data-testid="comment-error">
          {problem ? <p className="form-error">{t(`comments.errors.${problem}`, { marks: MAX_COMBINING_MARKS_IN_A_ROW })}</p> : null}
        </div>
      </form>
    </>
  )
}
