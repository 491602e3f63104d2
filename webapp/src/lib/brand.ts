// The organisation's name, set by the server at run time (BRAND_NAME, injected into index.html as
// <meta name="application-name">), so one build serves any organisation. The brand colour arrives the same
// way as CSS variables and needs no code.
const DEFAULT_BRAND_NAME = 'Community Events';

export function brandName(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="application-name"]');
  return meta?.content.trim() || DEFAULT_BRAND_NAME;
}
