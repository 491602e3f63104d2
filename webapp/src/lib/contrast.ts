// Telegram's theme colours are not always readable on each other (its default light theme puts #2481cc links
// and white-on-#2481cc buttons below WCAG AA). A colour is nudged toward black or white until it reads.
const hex = /^#([0-9a-f]{6}|[0-9a-f]{3})$/i;

function channels(color: string): [number, number, number] | null {
  const match = hex.exec(color);
  if (!match) return null;
  const digits = match[1]!.length === 3 ? [...match[1]!].map((d) => d + d).join('') : match[1]!;
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]): number {
  const linear = (value: number) => {
    const v = value / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrastRatio(a: string, b: string): number {
  const [ca, cb] = [channels(a), channels(b)];
  if (!ca || !cb) return 21;
  const [la, lb] = [luminance(ca), luminance(cb)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

const toHex = (rgb: number[]) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/**
 * `color`, or the closest mix of it with black (on light) or white (on dark) that reaches `ratio` on `background`
 * (above AA's 4.5, so it still reads on the lightly tinted surfaces built from it).
 */
export function readableOn(color: string, background: string, ratio = 5.5): string {
  const fg = channels(color);
  const bg = channels(background);
  if (!fg || !bg || contrastRatio(color, background) >= ratio) return color;
  const target = luminance(bg) > 0.4 ? 0 : 255;
  for (let step = 1; step <= 20; step++) {
    const mixed = toHex(fg.map((v) => v + (target - v) * (step / 20)));
    if (contrastRatio(mixed, background) >= ratio) return mixed;
  }
  return toHex([target, target, target]);
}
