/** A language's flag from /{code}_flag.svg; a missing image falls back to the globe (spec section 8). */
import { useState } from 'react'

export function Flag({ code, size = 24 }: { code: string | null; size?: number }) {
  const [failed, setFailed] = useState(false)
  const src = code && !failed ? `/${code}_flag.svg` : '/globe.svg'
  return (
    <img
      className="flag"
      src={src}
      width={size}
      height={Math.round((size * 2) / 3)}
      alt=""
      onError={() => setFailed(true)}
    />
  )
}
