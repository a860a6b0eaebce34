// A tiny real DNS server over UDP on an ephemeral loopback port, answering TXT, A and AAAA queries from
// maps, for tests of what the server resolves through node's dns.promises.Resolver
// (DNS_SERVERS=127.0.0.1:<port>). Only what a resolver's single question needs is encoded: the
// question is echoed, answers point back at it (0xc00c), anything else is NOTIMP.
import { createSocket, type RemoteInfo } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import ipaddr from 'ipaddr.js';

const TYPE_A = 1;
const TYPE_TXT = 16;
const TYPE_AAAA = 28;
const CLASS_IN = 1;
const NOERROR = 0;
const NXDOMAIN = 3;
const NOTIMP = 4;

export interface DnsStub {
  /** '127.0.0.1:port', for DNS_SERVERS or Resolver#setServers. */
  server: string;
  /** name (lower case, no trailing dot) → its TXT records, each one string (split into 255-byte chunks). */
  txt: Map<string, string[]>;
  /** name → its IPv4 addresses. */
  a: Map<string, string[]>;
  /** name → its IPv6 addresses (in hex groups: '::808:808', not '::8.8.8.8'). */
  aaaa: Map<string, string[]>;
  /** Names whose queries get no answer at all (a resolver timing out). */
  silent: Set<string>;
  /** Every question asked, in order. */
  queries: { name: string; type: number }[];
  close(): Promise<void>;
}

interface Question {
  name: string;
  type: number;
  /** The question's bytes as sent (name, type, class), echoed in the answer. */
  raw: Buffer;
}

/** The first question of a query, or null when the message is malformed. */
export function decodeQuestion(message: Buffer): Question | null {
  if (message.length < 12 || message.readUInt16BE(4) < 1) return null;
  const labels: string[] = [];
  let offset = 12;
  for (;;) {
    const length = message[offset];
    if (length === undefined || length > 63) return null; // no compression inside a question
    offset += 1;
    if (length === 0) break;
    if (offset + length > message.length) return null;
    labels.push(message.subarray(offset, offset + length).toString('latin1'));
    offset += length;
  }
  if (offset + 4 > message.length) return null;
  return { name: labels.join('.').toLowerCase(), type: message.readUInt16BE(offset), raw: message.subarray(12, offset + 4) };
}

/** One resource record answering the question at offset 12 (a name pointer 0xc00c). */
function record(type: number, data: Buffer, ttl = 60): Buffer {
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0xc00c, 0);
  head.writeUInt16BE(type, 2);
  head.writeUInt16BE(CLASS_IN, 4);
  head.writeUInt32BE(ttl, 6);
  head.writeUInt16BE(data.length, 10);
  return Buffer.concat([head, data]);
}

/** A TXT record's data: the text in <length><bytes> strings of at most 255 bytes. */
export function txtData(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  const parts: Buffer[] = [];
  for (let i = 0; i === 0 || i < bytes.length; i += 255) {
    const chunk = bytes.subarray(i, i + 255);
    parts.push(Buffer.from([chunk.length]), chunk);
  }
  return Buffer.concat(parts);
}

const aData = (address: string) => Buffer.from(address.split('.').map(Number));
const aaaaData = (address: string) => Buffer.from(ipaddr.IPv6.parse(address).toByteArray());

/** The answer to `query`: its id, opcode and RD echoed; authoritative; no additional records. */
export function encodeAnswer(query: Buffer, question: Question, rcode: number, answers: Buffer[]): Buffer {
  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0);
  header.writeUInt16BE(0x8000 | (query.readUInt16BE(2) & 0x7900) | 0x0400 | 0x0080 | rcode, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(answers.length, 6);
  return Buffer.concat([header, question.raw, ...answers]);
}

/** `port` 0 (the default) takes a free one; a fixed port lets a server started before the stub be given DNS_SERVERS. */
export async function startDnsStub(records: { txt?: Record<string, string[]>; a?: Record<string, string[]>; aaaa?: Record<string, string[]> } = {}, port = 0): Promise<DnsStub> {
  const socket = createSocket('udp4');
  const stub: Omit<DnsStub, 'server' | 'close'> = {
    txt: new Map(Object.entries(records.txt ?? {})),
    a: new Map(Object.entries(records.a ?? {})),
    aaaa: new Map(Object.entries(records.aaaa ?? {})),
    silent: new Set(),
    queries: [],
  };
  socket.on('message', (message: Buffer, peer: RemoteInfo) => {
    const question = decodeQuestion(message);
    if (!question) return;
    stub.queries.push({ name: question.name, type: question.type });
    if (stub.silent.has(question.name)) return;
    let rcode = NOERROR;
    let answers: Buffer[] = [];
    if (question.type === TYPE_TXT) answers = (stub.txt.get(question.name) ?? []).map((text) => record(TYPE_TXT, txtData(text)));
    else if (question.type === TYPE_A) answers = (stub.a.get(question.name) ?? []).map((address) => record(TYPE_A, aData(address)));
    else if (question.type === TYPE_AAAA) answers = (stub.aaaa.get(question.name) ?? []).map((address) => record(TYPE_AAAA, aaaaData(address)));
    else rcode = NOTIMP;
    // A name with no records of any kind does not exist; one with others has no data of this type.
    if (rcode === NOERROR && answers.length === 0 && !stub.txt.has(question.name) && !stub.a.has(question.name) && !stub.aaaa.has(question.name)) rcode = NXDOMAIN;
    socket.send(encodeAnswer(message, question, rcode, answers), peer.port, peer.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, '127.0.0.1', () => {
      socket.off('error', reject);
      resolve();
    });
  });
  const bound = (socket.address() as AddressInfo).port;
  return {
    ...stub,
    server: `127.0.0.1:${bound}`,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
