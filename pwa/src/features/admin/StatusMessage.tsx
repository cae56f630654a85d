/**
 * The outcome of the last edit on an admin page ("Access level updated.", or the error). Always in
 * the page, so screen readers hear each new outcome through the live region.
 */
export type Outcome = { kind: 'success' | 'error'; text: string } | null

export function StatusMessage({ outcome, testId = 'admin-message' }: { outcome: Outcome; testId?: string }) {
  return (
    <p className={outcome?.kind === 'error' ? 'form-error admin-message' : 'form-success admin-message'} role="status" data-testid={testId}>
      {outcome?.text ?? ''}
    </p>
  )
}
