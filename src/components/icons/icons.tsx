import type { SVGProps } from 'react';
import sprite from './icons.svg?url&no-inline';

// Simple 24×24 line icons (own drawings), drawn once in ./icons.svg (a sprite: a hashed, cached
// file instead of path data in every page's JavaScript, decision 009). Decorative by default: the
// control carries the name.
type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Svg({ size = 24, symbol, ...props }: IconProps & { symbol: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <use href={`${sprite}#${symbol}`} />
    </svg>
  );
}

const directional = (className: string | undefined) => ['icon-directional', className].filter(Boolean).join(' ');

export const HeartIcon = (p: IconProps) => <Svg symbol="heart" {...p} />;
export const BagIcon = (p: IconProps) => <Svg symbol="bag" {...p} />;
export const UserIcon = (p: IconProps) => <Svg symbol="user" {...p} />;
export const UserPlusIcon = (p: IconProps) => <Svg symbol="user-plus" {...p} />;
export const SearchIcon = (p: IconProps) => <Svg symbol="search" {...p} />;
export const MenuIcon = (p: IconProps) => <Svg symbol="menu" {...p} />;
export const CloseIcon = (p: IconProps) => <Svg symbol="close" {...p} />;
/** Points to the inline end (right in LTR); mirrored in RTL by the `icon-directional` class. */
export const ChevronIcon = ({ className, ...p }: IconProps) => <Svg symbol="chevron" className={directional(className)} {...p} />;
export const ChevronDownIcon = (p: IconProps) => <Svg symbol="chevron-down" {...p} />;
/** Points to the inline start ("back"); mirrored in RTL. */
export const BackIcon = ({ className, ...p }: IconProps) => <Svg symbol="back" className={directional(className)} {...p} />;
export const GlobeIcon = (p: IconProps) => <Svg symbol="globe" {...p} />;
export const InfoIcon = (p: IconProps) => <Svg symbol="info" {...p} />;
export const MailIcon = (p: IconProps) => <Svg symbol="mail" {...p} />;
export const PhoneIcon = (p: IconProps) => <Svg symbol="phone" {...p} />;
export const ClockIcon = (p: IconProps) => <Svg symbol="clock" {...p} />;
export const ShieldIcon = (p: IconProps) => <Svg symbol="shield" {...p} />;
export const TruckIcon = (p: IconProps) => <Svg symbol="truck" {...p} />;
export const ReturnIcon = (p: IconProps) => <Svg symbol="return" {...p} />;
export const CardIcon = (p: IconProps) => <Svg symbol="card" {...p} />;

const SOCIAL = new Set(['instagram', 'facebook', 'twitter', 'tiktok', 'linkedin', 'whatsapp']);

/** Social platforms: a generic glyph per known platform, a link icon otherwise. */
export function SocialIcon({ platform, ...p }: IconProps & { platform: string }) {
  const name = platform.toLowerCase() === 'x' ? 'twitter' : platform.toLowerCase();
  return <Svg symbol={`social-${SOCIAL.has(name) ? name : 'link'}`} {...p} />;
}
