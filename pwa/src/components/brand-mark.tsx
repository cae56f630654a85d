/** The brand mark: a speech bubble with a play triangle ("easy to understand" by watching). */
export const BrandMark = ({ size = 28 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
    <rect x="1" y="1" width="30" height="30" rx="9" fill="#0f6e63" />
    <path d="M12.5 10.2v11.6c0 .8.9 1.3 1.6.9l9.2-5.8c.6-.4.6-1.3 0-1.7l-9.2-5.8c-.7-.4-1.6.1-1.6.8Z" fill="#ffd166" />
  </svg>
)
