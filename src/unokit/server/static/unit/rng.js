// PCG32, exactly as unokit.rng.Random (src/unokit/rng.py): the same seed gives the same numbers
// in the browser as in Python. 64-bit state in BigInt; outputs are plain numbers.

const M64 = (1n << 64n) - 1n;
const MULT = 6364136223846793005n;
const STREAM = 54n;

export class Random {
  /** `seed`: a whole number (Number or BigInt), taken mod 2**64 as in Python. */
  constructor(seed = 0) {
    this.inc = (STREAM << 1n) | 1n;
    this.state = 0n;
    this.next32();
    this.state = (this.state + (BigInt(seed) & M64)) & M64;
    this.next32();
  }

  next32() {
    const old = this.state;
    this.state = (old * MULT + this.inc) & M64;
    const xorshifted = Number((((old >> 18n) ^ old) >> 27n) & 0xffffffffn);
    const rot = Number(old >> 59n);
    return ((xorshifted >>> rot) | (xorshifted << ((32 - rot) & 31))) >>> 0;
  }

  /** A uniform integer in 0 .. n-1 (PCG's bounded rand: no modulo bias). */
  below(n) {
    if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new RangeError(`below(${n}): n is 1 .. 2**32`);
    const threshold = (2 ** 32 - n) % n;
    for (;;) {
      const r = this.next32();
      if (r >= threshold) return r % n;
    }
  }

  /** Shuffle in place, Fisher-Yates from the end. */
  shuffle(items) {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      [items[i], items[j]] = [items[j], items[i]];
    }
  }

  getstate() { return [this.state.toString(), this.inc.toString()]; }

  static fromstate([state, inc]) {
    const twin = new Random();
    twin.state = BigInt(state) & M64;
    twin.inc = BigInt(inc) & M64;
    return twin;
  }
}

/** A fresh seed from the browser's generator (crypto), 53 bits so it reads as a number. */
export function freshSeed() {
  const words = crypto.getRandomValues(new Uint32Array(2));
  return (words[0] & 0x1fffff) * 2 ** 32 + words[1];
}
