// What the page's boot script (src/boot.ts) paints of a screen from the answers of its early requests, before the
// app's code has loaded (issue 28): the inbox's newest messages, the first notice's image and a product's card
// (its description), each the largest element of its screen. Plain DOM in the page's `main.boot-main`
// (apps/api/src/plugins/web.ts bootScreen, styled in index.html with the screen's own sizes), so the screen's element
// that later replaces it is no larger and the early paint stays the page's LCP. Only what the screen shows, as the
// screen shows it; React replaces it all.
import type { Announcement } from '@campus/domain/home/home.contract';
import type { Message } from '@campus/domain/messages/messages.contract';
import { productImage } from '@campus/domain/products/product-display';
import type { Product } from '@campus/domain/products/products.contract';
import { priceLabel } from '@campus/domain/products/products';
import { productIdOf } from '@campus/domain/shell/pages';

/** Messages the page paints: more than the tallest screen holds; the app shows the rest. */
export const paintedMessages = 12;

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) => {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
};

const isMessage = (value: unknown): value is Message =>
  typeof (value as Message | null)?.message === 'string' && typeof (value as Message).createdDateTime === 'string';

/**
 * The inbox's newest messages, each in a bordered box as the Messages screen shows it (features/messages/components/
 * messages-view.tsx); the day headings and times are the app's (their formatting would triple this script, loaded
 * by every page). Undefined when there is nothing to paint (the screen's empty state is the app's).
 */
export function paintMessages(main: HTMLElement, answer: unknown): Element | undefined {
  if (!Array.isArray(answer)) return undefined;
  // The screen leaves out a message without a valid time (domain messages-rules, groupMessagesByDay).
  const shown = answer.filter((each) => isMessage(each) && !Number.isNaN(Date.parse(each.createdDateTime)));
  for (const { message } of shown.slice(0, paintedMessages) as Message[]) {
    const box = element('div', 'boot-box');
    box.append(element('p', '', message));
    main.append(box);
  }
  return shown.length > 0 ? main : undefined;
}

/**
 * The first notice's image (its largest element on the notice board, features/home/components/announcement-card.tsx),
 * requested as soon as the list is known rather than once the app has drawn the list. Undefined when the first
 * notice has none.
 */
export function paintFirstNotice(main: HTMLElement, answer: unknown): HTMLImageElement | undefined {
  const first = (answer as { data?: { result?: Partial<Announcement>[] } } | null)?.data?.result?.[0];
  const src = first?.announcement_img_url;
  if (typeof src !== 'string' || src === '') return undefined;
  const image = element('img', 'boot-notice');
  image.alt = typeof first?.ancmnt_title === 'string' ? first.ancmnt_title : '';
  image.src = src;
  main.append(image);
  return image;
}

/**
 * A product's card as its page shows it (features/products/components/product-detail-view.tsx): its picture, title,
 * price and description, under the place of the Go Back button, so each sits where the app then draws it. The
 * description is the screen's largest text (LCP 3.5 s while it waited for the app). The product is the one the
 * page's address names (`path`, the address inside the app: /product/{id}) in the My Products answer. With a picture the card
 * appears once its height is known, so the text under it never moves (no layout shift). Undefined when the answer
 * has no such product (the app's "no products" text is its own).
 */
export function paintProduct(main: HTMLElement, answer: unknown, path: string): Element | undefined {
  const id = Number(productIdOf(path));
  const products = (answer as { result?: unknown } | null)?.result;
  const product = Array.isArray(products)
    ? (products as Partial<Product>[]).find((each) => each?.id === id && typeof each.title === 'string')
    : undefined;
  if (!product) return undefined;
  const text = element('div', 'boot-product-text');
  const about = element('p', 'boot-about', typeof product.about === 'string' ? product.about : '');
  text.append(
    element('p', 'boot-title', product.title),
    element('p', 'boot-price', priceLabel(Number(product.price) || 0, String(product.currency_code ?? ''))),
    about,
  );
  const card = element('div', 'boot-card');
  card.append(text);
  const back = element('div', 'boot-back');
  const src = productImage({ photo_url: product.photo_url ?? '', logo_url: product.logo_url ?? '' });
  if (typeof src !== 'string' || src === '') {
    main.append(back, card);
    return about;
  }
  const picture = element('div', 'boot-product-image');
  const image = element('img', '');
  image.alt = product.title!;
  image.src = src;
  picture.append(image);
  card.prepend(picture);
  card.classList.add('boot-split');
  // Shown once the picture has its height (or without it, if it fails), and not once the app has replaced the page.
  void image
    .decode()
    .catch(() => picture.remove())
    .then(() => {
      if (main.isConnected) main.append(back, card);
    });
  return image;
}

/** The painters of the boot script, by the id of the early request whose answer they paint (the element painted). */
export const screenPainters: Record<string, (main: HTMLElement, answer: unknown, path: string) => Element | undefined> =
  {
    'messages.byPhone': paintMessages,
    'home.announcements': (main, answer) => paintFirstNotice(main, answer),
    // Sent for the product list too, whose page has no `main` to paint (apps/api/src/plugins/web.ts bootScreen).
    'products.myProducts': paintProduct,
  };
