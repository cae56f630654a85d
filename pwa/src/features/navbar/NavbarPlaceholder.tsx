/** Holds the navigation bar's place while the session loads, so the page does not jump. */
import { BrandMark } from '../../components/brand-mark.tsx'

export function NavbarPlaceholder() {
  return (
    <header className="navbar navbar-placeholder" aria-busy="true" data-testid="navbar-placeholder">
      <div className="navbar-inner">
        <span className="brand">
          <BrandMark />
          <span className="brand-name">Dễ Hiểu</span>
        </span>
        <span className="skeleton skeleton-wide" />
        <span className="skeleton" />
      </div>
    </header>
  )
}
