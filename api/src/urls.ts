// The API's own address, for the absolute links it writes: e-mails (tickets, invoices, bookings,
// password resets), the payment provider's callbacks and the emulator's webhooks. Beside env.ts,
// under every layer, so that services, mail and signing/ link alike.

/** Where the API itself is reachable: PUBLIC_URL, else the loopback address and port. */
export const selfBaseUrl = (env: { publicUrl: string | undefined; port: number }) =>
  env.publicUrl ?? `http://127.0.0.1:${env.port}`;
