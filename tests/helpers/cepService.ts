// A ViaCEP-compatible address service of the tests' own (no internet): GET /ws/{cep}/json/ answers
// the address given for that code, or ViaCEP's { erro: true } for an unknown one. `special` may
// answer (or drop) a code differently first: return true when it handled the request.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CepService {
  /** The URL template for the server's cepServiceUrl setting ({cep} becomes the 8 digits). */
  url: string;
  /** Every path asked, in order. */
  requested: string[];
  close(): Promise<void>;
}

export const answerJson = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

export async function startCepService(
  addresses: Record<string, object>,
  special?: (cep: string, res: ServerResponse, req: IncomingMessage) => boolean,
): Promise<CepService> {
  const requested: string[] = [];
  const server = createServer((req, res) => {
    requested.push(req.url ?? '');
    const cep = /^\/ws\/([^/]+)\/json\/$/.exec(req.url ?? '')?.[1] ?? '';
    if (special?.(cep, res, req)) return;
    answerJson(res, 200, addresses[cep] ?? { erro: true });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ws/{cep}/json/`,
    requested,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
