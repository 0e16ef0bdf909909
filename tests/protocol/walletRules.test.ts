import { describe, expect, it } from 'vitest';
import {
  NETWORKS,
  addressProblem,
  memoProblem,
  networkConfigPatchSchema,
  TX_HASH_RE,
  type Network,
} from '../../protocol';

/**
 * Real addresses of each network, from the chains' own test data and specifications: Bitcoin's
 * wiki and BIP 173/350/86, Dogecoin's and Litecoin's base58 test vectors, EIP-55's examples, CIP-19
 * (Cardano), well-known accounts and programs (genesis, system program, token mints, Polkadot's
 * Alice, XRP's genesis and zero accounts).
 */
const EIP55 = [
  '0x52908400098527886E0F7030069857D2E4169EE7',
  '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
  '0xde709f2102306220921060314715629080e2fb77',
  '0x27b1fdb04752bbc536007a920d24acb045561c26',
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];
const VALID: Record<Network, readonly string[]> = {
  TRC20: ['TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
  ERC20: EIP55,
  BEP20: EIP55,
  BTC: [
    '1BoatSLRHtKNngkdXEeobR76b53LETtpyT',
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
    'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
  ],
  SOL: [
    '11111111111111111111111111111111',
    'So11111111111111111111111111111111111111112',
    'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
    'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  ],
  XRP: [
    'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
    'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
    'rrrrrrrrrrrrrrrrrrrrrhoLvTp',
  ],
  DOGE: [
    'DD4KSSuBJqcjuTcvUg1CgUKeurPUFeEZkE',
    'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L',
    'A7HRQk3GFCW2QasvdZxXuYj8kkQK5QrYLs',
    '9zYnVRaekPtdKBYuPw5QiBtv3NNrzD2LLW',
    '9tp7THhBG3fNNFka1AJm95DU3E4x3pwQA3',
  ],
  ADA: [
    'addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3x',
    'addr1gx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer5pnz75xxcrzqf96k',
    'addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8',
    'Ae2tdPwUPEZFRbyhz3cpfC2CumGzNkFBN2L42rcUc2yjQpEkxDbkPodpMAi',
    'DdzFFzCqrhsw3prhfMFDNFowbzUku3QmrMwarfjUbWXRisodn97R436SHc1rimp4MhPNmbdYb1aTdqtGSJixMVMi5MkArDQJ6Sc1n3Ez',
  ],
  LTC: [
    'LT2KVaAy1ppRuxRgrS5RNU3vBsy7RibPeA',
    'MHrYRxAiMNBTku3eoDHwhA1LQGDjUStZW2',
    // One script hash in Litecoin's old spelling and its own (Litecoin moved from 3… to M… in 2018).
    '3F1c6UWAs9RLN2Mbt5bAJue12VhVCorXzs',
    'MMDkQMv8pGGmAXdVyxaW8YtQMCHw7eouma',
    'ltc1qf6pwfkw4wd0fetq2pfrwzlfknskjg6nyvt6ngv',
  ],
  DOT: [
    '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5',
    '1FRMM8PEiWXYax7rpS6X4XZX1aAAxSWx1CrKTyrVYhV24fg',
    '12nGqTQsgEHwkAuHGNXpvzcfgtQkTeo3WCZgwrXLsiqs3KyA',
  ],
};

const EVM: readonly Network[] = ['ERC20', 'BEP20'];
/** Where one address truly is another network's too: EVM chains share their format, and a
 * Bitcoin script hash (`3…`) is Litecoin's old spelling of one. */
const sharedBy = (address: string, a: Network, b: Network) =>
  (EVM.includes(a) && EVM.includes(b)) ||
  (address.startsWith('3') && [a, b].every((n) => n === 'BTC' || n === 'LTC'));

/** One character in the middle replaced by another of the same address (so still of its
 * alphabet and case), and two neighbours swapped: the typos a checksum is there to catch. */
const typos = (address: string): string[] => {
  const k = Math.floor(address.length / 2);
  const other = [...address.slice(4)].find((c) => c !== address[k])!;
  const j = [...address].findIndex((c, i) => i >= k && c !== address[i + 1]);
  return [
    address.slice(0, k) + other + address.slice(k + 1),
    address.slice(0, j) + address[j + 1] + address[j] + address.slice(j + 2),
  ];
};

/** An EVM address written in one case carries no checksum: a typo there is another address. */
const checksummed = (network: Network, address: string) =>
  !EVM.includes(network) || !/^0x(?:[0-9a-f]+|[0-9A-F]+)$/.test(address);

describe('a withdrawal address', () => {
  it.each(NETWORKS.map((n) => [n]))('of %s, real, is taken on its network and no other', (network) => {
    for (const address of VALID[network]) {
      expect(addressProblem(network, address), address).toBeNull();
      for (const other of NETWORKS.filter((n) => n !== network))
        expect(addressProblem(other, address), `${address} on ${other}`).toBe(
          sharedBy(address, network, other) ? null : 'app.msg.address_invalid',
        );
    }
  });

  // Solana's addresses are bare keys: a typo there is another key, which nothing can tell.
  it.each(NETWORKS.filter((n) => n !== 'SOL').map((n) => [n]))(
    'of %s, mistyped by a character, is refused',
    (network) => {
      for (const address of VALID[network].filter((a) => checksummed(network, a)))
        for (const typo of typos(address))
          expect(addressProblem(network, typo), `${typo} for ${address}`).toBe('app.msg.address_invalid');
    },
  );

  it('of Solana is 32 bytes: another chain’s base58 address of the right length is not one', () => {
    expect(addressProblem('SOL', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toBe('app.msg.address_invalid');
    expect(addressProblem('SOL', '1BoatSLRHtKNngkdXEeobR76b53LETtpyT')).toBe('app.msg.address_invalid');
    expect(addressProblem('SOL', 'So1111111111111111111111111111111111111111')).toBe(
      'app.msg.address_invalid',
    );
    expect(addressProblem('SOL', '1'.repeat(33))).toBe('app.msg.address_invalid');
  });

  it.each([
    [
      'an EIP-55 address with one letter’s case flipped',
      'ERC20',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD',
    ],
    [
      'an EIP-55 address with one letter’s case flipped',
      'BEP20',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'.replace('B79', 'b79'),
    ],
    ['a base58check address with its last character changed', 'BTC', '1BoatSLRHtKNngkdXEeobR76b53LETtpyU'],
    ['a base58check address cut short', 'TRC20', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLS'],
    [
      'a bech32 address with its checksum changed (BIP 173)',
      'BTC',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5',
    ],
    ['a bech32 address in mixed case', 'BTC', 'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    [
      'a taproot address written in bech32, not bech32m (BIP 350)',
      'BTC',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd',
    ],
    [
      'a witness version no output can spend yet (BIP 350, version 2)',
      'BTC',
      'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs',
    ],
    ['a Litecoin address on Bitcoin', 'BTC', 'ltc1qf6pwfkw4wd0fetq2pfrwzlfknskjg6nyvt6ngv'],
    ['a Dogecoin testnet address', 'DOGE', 'nhRsrUaxZou6sewjqaS37cJrMRJRgwVXdk'],
    ['a Litecoin testnet script address', 'LTC', 'QXaUgLHkZcbJb2j5XgMYzY8cF9YM48Y81Z'],
    [
      'a generic Substrate address (another network prefix)',
      'DOT',
      '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY',
    ],
    [
      'a Cardano stake address, which cannot be paid',
      'ADA',
      'stake1uyehkck0lajq8gr28t9uxnuvgcqrc6070x3k9r8048z8y5gh6ffgw',
    ],
    [
      'a Byron address with its checksum changed',
      'ADA',
      'Ae2tdPwUPEZFRbyhz3cpfC2CumGzNkFBN2L42rcUc2yjQpEkxDbkPodpMAj',
    ],
  ])('refuses %s (%s)', (_name, network, address) => {
    expect(addressProblem(network, address)).toBe('app.msg.address_invalid');
  });

  it('takes an EVM or bech32 address written all in capitals, as QR codes write it', () => {
    expect(addressProblem('ERC20', '0X52908400098527886E0F7030069857D2E4169EE7')).toBeNull();
    expect(addressProblem('ADA', VALID.ADA[0]!.toUpperCase())).toBeNull();
    expect(addressProblem('LTC', VALID.LTC[4]!.toUpperCase())).toBeNull();
  });

  it('says what is wrong before reading it: nothing, a symbol, too long', () => {
    expect(addressProblem('TRC20', '')).toBe('app.msg.field_required');
    expect(addressProblem('TRC20', 'T-abc')).toBe('app.msg.address_charset');
    expect(addressProblem('TRC20', 'A'.repeat(150))).toBe('app.msg.address_invalid');
    expect(addressProblem('NOPE', VALID.TRC20[0]!)).toBe('app.msg.address_invalid');
  });
});

describe('a memo', () => {
  it.each(['0', '7', '100002', '4294967295'])(
    'on XRP, the destination tag %s, is one the chain carries',
    (tag) => {
      expect(memoProblem('XRP', tag)).toBeNull();
    },
  );

  it.each([
    ['letters', 'HELLOworld'],
    ['a number past 32 bits', '4294967296'],
    ['more digits than a tag has', '99999999999999'],
  ])('on XRP, of %s, is no destination tag: nothing could pay to it', (_name, memo) => {
    expect(memoProblem('XRP', memo)).toBe('app.msg.destination_tag_invalid');
  });
});

describe('an operator’s base memo', () => {
  const patch = (network: string, memo: string) =>
    networkConfigPatchSchema.safeParse({ coin: network === 'XRP' ? 'XRP' : 'USDT', network, memo });

  it.each(['abc', '', '4294967296'])(
    'on XRP, %j, is refused as no destination tag: every user’s deposit tag is counted from it',
    (memo) => {
      expect(patch('XRP', memo).error?.issues).toEqual([
        expect.objectContaining({ path: ['memo'], message: 'app.msg.destination_tag_invalid' }),
      ]);
    },
  );

  it('is refused once, as the characters it has, when it is not letters and digits', () => {
    expect(patch('XRP', 'a-b').error?.issues.map((i) => i.message)).toEqual(['app.msg.memo_invalid']);
  });

  it('on XRP is a tag; elsewhere no tag is asked for', () => {
    expect(patch('XRP', '100000').success).toBe(true);
    expect(patch('TRC20', '').success).toBe(true);
  });
});

describe('a transaction hash', () => {
  it.each([
    ['16 hex digits', 'ab'.repeat(8), true],
    ['16 hex digits past a 0x', `0x${'ab'.repeat(8)}`, true],
    ['64 hex digits past a 0X', `0X${'CD'.repeat(32)}`, true],
    [
      'a base58 signature',
      '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW',
      true,
    ],
    ['15 hex digits', 'a'.repeat(15), false],
    ['15 hex digits past a 0x: 17 characters, kept as 15', `0x${'a'.repeat(15)}`, false],
    ['a 0x alone', '0x', false],
    ['a dash', `${'a'.repeat(16)}-`, false],
  ])('%s: %s', (_name, hash, ok) => {
    expect(TX_HASH_RE.test(hash)).toBe(ok);
  });
});
