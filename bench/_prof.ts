import autocannon from 'autocannon';
import { benchMember, startBenchServer } from './support';
const server = await startBenchServer(process.env.BENCH_DATABASE_URL);
const member = await benchMember(server, 'prof.member@example.com');
const path = process.env.P ?? 'headless_e_commerce.api.get_profile';
const r = await autocannon({ url: `${server.url}/api/method/${path}`, connections: 10, duration: 6, headers: { cookie: member.cookie } });
console.log(path, Math.round(r.requests.average), 'req/s');
await server.close();
