/**
 * A seeded pseudo-random generator (mulberry32) for the growth bench's data: the same seed
 * writes the same store on every machine and run, so its figures can be reproduced.
 */
export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** A whole number in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  /** True with this probability. */
  chance(probability: number): boolean;
  /** A UUID-shaped id (version 4 layout), drawn from this generator. */
  uuid(): string;
}

export function random(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const hex = (digits: number) => {
    let text = '';
    while (text.length < digits)
      text += Math.floor(next() * 0x1_0000_0000)
        .toString(16)
        .padStart(8, '0');
    return text.slice(0, digits);
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick<T>(list: readonly T[]): T {
      const value = list[Math.floor(next() * list.length)];
      if (value === undefined) throw new Error('pick from an empty list');
      return value;
    },
    chance: (probability) => next() < probability,
    uuid: () => {
      const h = hex(32);
      const variant = ((parseInt(h.charAt(16), 16) & 0x3) | 0x8).toString(16);
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
    },
  };
}
