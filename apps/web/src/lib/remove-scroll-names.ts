// What Mantine's AppShell header, footer and aside take from react-remove-scroll (see vite.config.ts): the class
// names the dialogs' scroll lock pads while the page's scrollbar is hidden. remove-scroll-names.test.ts keeps them
// equal to the package's.
export const RemoveScroll = {
  classNames: { zeroRight: 'right-scroll-bar-position', fullWidth: 'width-before-scroll-bar' },
};
