import http from 'node:http';

/**
 * A GET whose path goes on the wire exactly as written, to a listening server (`origin` from app.listen):
 * app.inject and fetch both resolve `.` and `..` segments before the server would see them.
 */
export function rawGet(origin: string, path: string): Promise<{ statusCode: number; body: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
