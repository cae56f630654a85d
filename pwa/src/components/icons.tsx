/**
 * The few line icons the app uses (the signed-in navigation bar's), inline so they need no request and
 * follow the text colour. The brand mark, which the public pages show too, is in brand-mark.tsx.
 */
import type { SVGProps } from 'react'

function Icon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    />
  )
}

export const ChatIcon = () => (
  <Icon>
    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.9A8 8 0 1 1 21 12Z" />
  </Icon>
)
export const ArrowLeftIcon = () => (
  <Icon width="16" height="16">
    <path d="M19 12H5m6-6-6 6 6 6" />
  </Icon>
)
export const ChevronDownIcon = () => (
  <Icon width="16" height="16">
    <path d="m6 9 6 6 6-6" />
  </Icon>
)
export const StarIcon = () => (
  <Icon width="16" height="16">
    <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9Z" />
  </Icon>
)
export const SearchIcon = () => (
  <Icon width="18" height="18">
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Icon>
)
export const FiltersIcon = () => (
  <Icon width="18" height="18">
    <path d="M4 6h16M7 12h10M10 18h4" />
  </Icon>
)
export const CloseIcon = () => (
  <Icon width="14" height="14">
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
)
export const CheckIcon = () => (
  <Icon width="14" height="14">
    <path d="m5 12 5 5 9-10" />
  </Icon>
)
