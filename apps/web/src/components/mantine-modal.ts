// The chunk lazy-modal.tsx loads: Mantine's Modal and nothing else of @mantine/core.
export { Modal as default } from '@mantine/core';
