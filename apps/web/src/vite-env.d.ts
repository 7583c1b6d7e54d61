/** Build-time settings of the web app (README, Configuration). */
interface ImportMetaEnv {
  /** Base address of the main API (`/api/...`); empty: the page's own origin. */
  readonly VITE_MAIN_API_BASE?: string;
  /** Base address of the product service (`/prod/...`); empty: the page's own origin. */
  readonly VITE_PRODUCT_API_BASE?: string;
  /** Base address of the exam service, its mount prefix included; empty: the page's own origin. */
  readonly VITE_EXAM_API_BASE?: string;
}
