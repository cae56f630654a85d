/** A grid of cards that each lead to a page: the dashboards are made of these. */
import { Link } from 'react-router-dom'

export function LinkCards({ items }: { items: { to: string; title: string; body: string }[] }) {
  return (
    <ul className="link-cards">
      {items.map((item) => (
        <li key={item.to}>
          <Link className="link-card" to={item.to}>
            <span className="link-card-title">{item.title}</span>
            <span className="muted">{item.body}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
