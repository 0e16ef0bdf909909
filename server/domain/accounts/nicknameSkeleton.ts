import unhomoglyph from 'unhomoglyph';
import { nameKey, plainName } from '../../../protocol';

// UTS #39's skeleton: each character that Unicode's confusables.txt lists replaced by the one it is
// confused with, between two canonical decompositions (so "é" and "e" + accent are one, and the
// accent stays an accent). The table lives on the server only: it is 100 KB, and the web app never
// compares nicknames.
const skeleton = (text: string) => unhomoglyph(text.normalize('NFD')).normalize('NFD');

/**
 * What a nickname looks like, for `nickname_skeleton`: two nicknames with one skeleton are taken
 * for each other, whatever script their letters come from ("Dеmotrader" with a Cyrillic "е",
 * Greek "ΑΒС" and Latin "ABC").
 *
 * The skeleton is taken in the case the nickname was written in, then again after `nameKey` has
 * folded it: capitals that look alike have lower cases that do not (Cyrillic "В" and Latin "B",
 * "в" and "b"), and lower cases that look alike may have capitals that do not ("m" and "rn").
 * Folding first would miss the one, never folding the other. So this is not a function of
 * `nameKey`: "IAN" (whose "I" looks like an "l") and "ian" have different skeletons, and
 * "Иван" and "ИВАН" too; `nickname_key` still makes each of those pairs one nickname, so a nickname
 * is taken when either key is.
 *
 * Digits and letters: UTS #39 takes "0" for "O", "1" and "I" for "l", "m" for "rn", and so does
 * this, so "Dem0Trader", "DemoTraderl", "DemoTraderI" and "DemoTrader1" are one nickname. Nicknames
 * are read, not typed: nobody signs in with one, so merging them costs only that a near twin is
 * refused, while in the sans-serif type the app is set in these pairs are what an impersonator
 * reaches for first. Usernames, typed at every sign-in, keep `nameKey` alone.
 */
export const nicknameSkeleton = (nickname: string): string =>
  nameKey(skeleton(nameKey(skeleton(plainName(nickname)))));

/** The skeleton's replacements for the characters outside ASCII only: Cyrillic and Greek capitals
 * become the Latin ones they look like, while a Latin capital I stays an I, to be folded to an i. */
const otherScriptsAsLatin = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^\p{ASCII}]/gu, (c) => unhomoglyph(c))
    .normalize('NFD');

/**
 * The third key, for `nickname_folded_skeleton`: the nickname in Latin letters where other scripts
 * look like them, its case folded, then its skeleton. It makes one what `nicknameSkeleton` and
 * `nameKey` each keep apart when a look-alike also differs in case: "MIRRΟR" (a Greek Ο, all
 * capitals, whose I the skeleton reads as an l) and "Mirror", or "МIRROR" with a Cyrillic М. A
 * nickname is taken when any of the three keys is.
 */
export const foldedNicknameSkeleton = (nickname: string): string =>
  nameKey(skeleton(nameKey(otherScriptsAsLatin(plainName(nickname)))));
