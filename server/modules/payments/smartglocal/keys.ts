/**
 * RSA keys of the Smart Glocal exchange: ours signs requests (SMART_GLOCAL_PRIVATE_KEY), theirs verifies webhooks
 * (SMART_GLOCAL_PUBLIC_KEY). Each variable holds PEM text or the path of a PEM file. In the sandbox, without them,
 * the process makes both pairs once (the double is the other side, in this process).
 */
import { type KeyObject, createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ConfigError } from '../../../platform/config';

function pemOf(value: string, variable: string): string {
  if (value.includes('-----BEGIN')) return value.replace(/\\n/g, '\n');
  try {
    return readFileSync(value, 'utf8');
  } catch (error) {
    throw new ConfigError(
      `${variable} is neither PEM text nor a readable file (${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`,
    );
  }
}

function keyFrom(value: string, variable: string, kind: 'private' | 'public'): KeyObject {
  const pem = pemOf(value, variable);
  try {
    return kind === 'private' ? createPrivateKey(pem) : createPublicKey(pem);
  } catch {
    throw new ConfigError(`${variable} is not an RSA ${kind} key in PEM`);
  }
}

export const privateKeyFrom = (value: string, variable: string): KeyObject => keyFrom(value, variable, 'private');
export const publicKeyFrom = (value: string, variable: string): KeyObject => keyFrom(value, variable, 'public');

export interface KeyPair {
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
}

let sandboxPairs: { partner: KeyPair; provider: KeyPair } | null = null;

/** The sandbox's two key pairs (ours and the double's), made once per process. */
export function sandboxKeyPairs(): { partner: KeyPair; provider: KeyPair } {
  sandboxPairs ??= {
    partner: generateKeyPairSync('rsa', { modulusLength: 2048 }),
    provider: generateKeyPairSync('rsa', { modulusLength: 2048 }),
  };
  return sandboxPairs;
}
