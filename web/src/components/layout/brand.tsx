import { version } from '../../../../package.json';

export const PRODUCT_NAME = 'Telecall Back Office';
export const APP_VERSION = version;

/** The document title for a page: "<page> · <product>". */
export const pageTitle = (page?: string) => (page ? `${page} · ${PRODUCT_NAME}` : PRODUCT_NAME);

/** The phone mark from the favicon, drawn inline so it needs no request. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" style={{ flex: 'none', display: 'block' }}>
      <rect width="32" height="32" rx="7" fill="#1c7ed6" />
      <path
        d="M10.5 7.5c1-.6 2.2-.3 2.8.6l1.7 2.7c.6.9.4 2.1-.4 2.8l-1.3 1c.9 1.9 2.5 3.5 4.4 4.4l1-1.3c.7-.8 1.9-1 2.8-.4l2.7 1.7c.9.6 1.2 1.8.6 2.8l-.9 1.5c-.8 1.3-2.4 2-3.9 1.6C13.7 23.3 8.7 18.3 7.1 12c-.4-1.5.3-3.1 1.6-3.9z"
        fill="#fff"
      />
    </svg>
  );
}
