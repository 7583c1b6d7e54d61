import type { SVGProps } from 'react';

/** Small stroke icons (24×24, currentColor), so the portal needs no icon package. Decorative: name the button. */
function Icon({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const HelpIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17v.01" />
  </Icon>
);

export const PaletteIcon = () => (
  <Icon>
    <path d="M12 3a9 9 0 1 0 0 18c1 0 1.5-.8 1.5-1.5 0-.4-.2-.8-.4-1.1-.3-.3-.4-.7-.4-1.1 0-.8.7-1.5 1.5-1.5H16a5 5 0 0 0 5-5c0-4.2-4-7.8-9-7.8z" />
    <path d="M7.5 11v.01M10 7.5v.01M14.5 7.5v.01M17 11v.01" />
  </Icon>
);

export const CheckIcon = () => (
  <Icon width={16} height={16}>
    <path d="M5 12l5 5L20 7" />
  </Icon>
);

export const TwitterIcon = () => (
  <Icon>
    <path d="M4 4l16 16M20 4L4 20" />
  </Icon>
);

export const FacebookIcon = () => (
  <Icon>
    <path d="M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v7h4v-7h3l1-4h-4V8z" />
  </Icon>
);

export const LinkedinIcon = () => (
  <Icon>
    <rect x="3" y="3" width="18" height="18" rx="3" />
    <path d="M8 11v6M8 7.5v.01M12 17v-6M12 14a2.5 2.5 0 0 1 5 0v3" />
  </Icon>
);

export const WhatsappIcon = () => (
  <Icon>
    <path d="M3 21l1.6-4.6A8.5 8.5 0 1 1 7.6 19.4L3 21z" />
    <path d="M9 9.5c0 3 2.5 5.5 5.5 5.5l1-1.5-2-1-1 1c-1 -.5-2-1.5-2.5-2.5l1-1-1-2L9 9.5z" />
  </Icon>
);

export const YoutubeIcon = () => (
  <Icon>
    <rect x="2" y="5" width="20" height="14" rx="4" />
    <path d="M10 9l5 3-5 3V9z" />
  </Icon>
);

export const InstagramIcon = () => (
  <Icon>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <path d="M17.5 6.5v.01" />
  </Icon>
);

export const BellIcon = () => (
  <Icon>
    <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </Icon>
);
