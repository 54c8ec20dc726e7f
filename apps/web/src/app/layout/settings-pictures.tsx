import type { ReactNode } from 'react';
import type { LayoutType, NavStyle, ThemeType } from '@rtms/shared/interface-settings';

/** Small drawings of each choice in the interface settings panel (decorative: the labels name them). */

const PAGE = '#eef1ef';
const WHITE = '#ffffff';
const DARK = '#0b1f17';
const GREEN = '#0f6b3e';
const BLOCK = '#cfd8d3';
const EDGE = '#b7c2bc';

const WIDTH = 88;
const HEIGHT = 56;

function Frame({ children, background = PAGE }: { children: ReactNode; background?: string }) {
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT} focusable="false" aria-hidden="true">
      <rect x="0.5" y="0.5" width={WIDTH - 1} height={HEIGHT - 1} rx="4" fill={background} stroke={EDGE} />
      {children}
    </svg>
  );
}

/** Content blocks in the area left by the navigation. */
function Content({ x, y, fill = BLOCK }: { x: number; y: number; fill?: string }) {
  const width = WIDTH - x - 6;
  return (
    <g fill={fill}>
      <rect x={x + 4} y={y + 4} width={width * 0.5} height="4" rx="1" />
      <rect x={x + 4} y={y + 12} width={width} height="10" rx="1.5" />
      <rect x={x + 4} y={y + 25} width={width * 0.48} height="10" rx="1.5" />
      <rect x={x + 4 + width * 0.52} y={y + 25} width={width * 0.48} height="10" rx="1.5" />
    </g>
  );
}

function MenuDots({ x, y, fill, count = 4 }: { x: number; y: number; fill: string; count?: number }) {
  return (
    <g fill={fill}>
      {Array.from({ length: count }, (_, index) => (
        <rect key={index} x={x + index * 9} y={y} width="6" height="2" rx="1" />
      ))}
    </g>
  );
}

function SidebarLines({ width, fill }: { width: number; fill: string }) {
  return (
    <g fill={fill}>
      {[10, 16, 22, 28].map((y) => (
        <rect key={y} x="4" y={y} width={width - 8} height="2" rx="1" />
      ))}
    </g>
  );
}

export function NavStylePicture({ navStyle }: { navStyle: NavStyle }) {
  switch (navStyle) {
    case 'NAV_STYLE_FIXED':
    case 'NAV_STYLE_MINI_SIDEBAR':
    case 'NAV_STYLE_NO_HEADER_EXPANDED_SIDEBAR':
    case 'NAV_STYLE_NO_HEADER_MINI_SIDEBAR': {
      const mini = navStyle === 'NAV_STYLE_MINI_SIDEBAR' || navStyle === 'NAV_STYLE_NO_HEADER_MINI_SIDEBAR';
      const header = navStyle === 'NAV_STYLE_FIXED' || navStyle === 'NAV_STYLE_MINI_SIDEBAR';
      const side = mini ? 11 : 24;
      return (
        <Frame>
          <rect x="1" y="1" width={side} height={HEIGHT - 2} rx="3" fill={DARK} />
          <SidebarLines width={side} fill="#5b7468" />
          {header ? <rect x={side + 1} y="1" width={WIDTH - side - 2} height="8" fill={WHITE} /> : null}
          <Content x={side} y={header ? 8 : 2} />
        </Frame>
      );
    }
    case 'NAV_STYLE_DRAWER':
      return (
        <Frame>
          <rect x="1" y="1" width={WIDTH - 2} height="8" fill={WHITE} />
          <g fill={DARK}>
            <rect x="4" y="3" width="6" height="1" />
            <rect x="4" y="5" width="6" height="1" />
            <rect x="4" y="7" width="6" height="1" />
          </g>
          <Content x={0} y={8} />
          <rect x="1" y="1" width="30" height={HEIGHT - 2} rx="3" fill={DARK} opacity="0.92" />
          <SidebarLines width={30} fill="#5b7468" />
        </Frame>
      );
    case 'NAV_STYLE_INSIDE_HEADER_HORIZONTAL':
      return (
        <Frame>
          <rect x="1" y="1" width={WIDTH - 2} height="10" fill={WHITE} />
          <rect x="4" y="4" width="8" height="4" rx="1" fill={GREEN} />
          <MenuDots x={18} y={5} fill="#7b8c83" />
          <Content x={0} y={10} />
        </Frame>
      );
    default: {
      const band =
        navStyle === 'NAV_STYLE_DEFAULT_HORIZONTAL' ? WHITE : navStyle === 'NAV_STYLE_DARK_HORIZONTAL' ? DARK : GREEN;
      const header = navStyle === 'NAV_STYLE_DARK_HORIZONTAL' ? DARK : WHITE;
      const bandFirst = navStyle === 'NAV_STYLE_ABOVE_HEADER';
      const bandY = bandFirst ? 1 : 9;
      const headerY = bandFirst ? 7 : 1;
      return (
        <Frame>
          <rect x="1" y={headerY} width={WIDTH - 2} height="8" fill={header} />
          <rect x="4" y={headerY + 2} width="8" height="4" rx="1" fill={GREEN} />
          <rect
            x="1"
            y={bandY}
            width={WIDTH - 2}
            height="6"
            fill={band}
            stroke={band === WHITE ? EDGE : 'none'}
            strokeWidth="0.5"
          />
          <MenuDots x={6} y={bandY + 2} fill={band === WHITE ? '#7b8c83' : '#d6e4dc'} />
          <Content x={0} y={15} />
        </Frame>
      );
    }
  }
}

export function ThemePicture({ themeType }: { themeType: ThemeType }) {
  const dark = themeType === 'THEME_TYPE_DARK';
  const sidebar = themeType === 'THEME_TYPE_LITE' ? WHITE : DARK;
  return (
    <Frame background={dark ? '#141414' : PAGE}>
      <rect x="1" y="1" width="24" height={HEIGHT - 2} rx="3" fill={dark ? '#0b1f17' : sidebar} />
      {themeType === 'THEME_TYPE_LITE' ? <line x1="25" y1="1" x2="25" y2={HEIGHT - 1} stroke={EDGE} /> : null}
      <SidebarLines width={24} fill={themeType === 'THEME_TYPE_LITE' ? BLOCK : '#5b7468'} />
      <rect x="26" y="1" width={WIDTH - 27} height="8" fill={dark ? '#1f1f1f' : WHITE} />
      <Content x={24} y={8} fill={dark ? '#333a36' : BLOCK} />
    </Frame>
  );
}

export function LayoutPicture({ layoutType }: { layoutType: LayoutType }) {
  if (layoutType === 'LAYOUT_TYPE_FULL') {
    return (
      <Frame>
        <rect x="1" y="1" width="18" height={HEIGHT - 2} rx="3" fill={DARK} />
        <rect x="19" y="1" width={WIDTH - 20} height="8" fill={WHITE} />
        <Content x={18} y={8} />
      </Frame>
    );
  }
  const inset = layoutType === 'LAYOUT_TYPE_BOXED' ? { x: 16, y: 0 } : { x: 6, y: 6 };
  const width = WIDTH - inset.x * 2;
  return (
    <Frame background={layoutType === 'LAYOUT_TYPE_FRAMED' ? GREEN : '#dde3e0'}>
      <g>
        <rect x={inset.x} y={inset.y + 1} width={width} height={HEIGHT - inset.y * 2 - 2} rx="3" fill={PAGE} />
        <rect x={inset.x} y={inset.y + 1} width="14" height={HEIGHT - inset.y * 2 - 2} rx="3" fill={DARK} />
        <rect x={inset.x + 14} y={inset.y + 1} width={width - 14} height="7" fill={WHITE} />
        <g fill={BLOCK}>
          <rect x={inset.x + 18} y={inset.y + 12} width={width - 22} height="9" rx="1.5" />
          <rect x={inset.x + 18} y={inset.y + 24} width={(width - 22) / 2 - 1} height="9" rx="1.5" />
        </g>
      </g>
    </Frame>
  );
}
