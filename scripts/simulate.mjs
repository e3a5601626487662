// `npm run simulate -- --devices N --rate R`: appliances talking to device-ingest like real ones.
// Each device activates with its brand's factory key (an app user bound to most), then posts telemetry every
// 1/R seconds (temperature, mode, network, versions; now and then an APK upgrade), reports a fault now and
// then, and some devices go quiet for a few minutes (offline after the brand's timeout) and come back.
// The app users bound to them register in the companion app (/app/v1) and, now and then, search recipes,
// favourite one and cook it on their device (a cooking session, mostly completed), and review what they cooked.
// Devices fetch their notices as real ones do and acknowledge them received; on a share of them the user reads them.
// Options (defaults in brackets):
//   --devices N        devices [20]            --rate R        samples per second per device [0.2]
//   --batch B          samples per post [1]    --brand CODE    DEMO or OTHER [DEMO]
//   --key KEY          factory activation key [the demo brand's]
//   --url URL          device-ingest [http://127.0.0.1:$INGEST_PORT or 8081]
//   --fault-rate P     chance of a fault report per post [0.01]
//   --quiet-share S    share of devices that go quiet for a while [0.2]
//   --app-rate P       chance per post that the bound app user searches and cooks [0.05]
//   --duration SEC     stop after this long; 0 runs until Ctrl+C [0]
//   --prefix P         SN prefix [SIM]            --quiet          print only errors
//   --content-every S  poll the content feed (GET /device/v1/content, with If-None-Match) every S seconds [5];
//                      a changed feed (banners, lock-screen ads, groups, hot labels) is printed when first seen
//   --notice-every S   fetch the device's unread notices (GET /device/v1/notices) every S seconds [10] and
//                      acknowledge each new one as received
//   --read-share P     share of the devices whose user reads the notices too (acknowledged read) [0.5]
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';

const { values: opt } = parseArgs({
  options: {
    devices: { type: 'string', default: '20' },
    rate: { type: 'string', default: '0.2' },
    batch: { type: 'string', default: '1' },
    brand: { type: 'string', default: 'DEMO' },
    key: { type: 'string' },
    url: { type: 'string', default: `http://127.0.0.1:${process.env.INGEST_PORT || 8081}` },
    'fault-rate': { type: 'string', default: '0.01' },
    'quiet-share': { type: 'string', default: '0.2' },
    'app-rate': { type: 'string', default: '0.05' },
    duration: { type: 'string', default: '0' },
    prefix: { type: 'string', default: 'SIM' },
    quiet: { type: 'boolean', default: false },
    'content-every': { type: 'string', default: '5' },
    'notice-every': { type: 'string', default: '10' },
    'read-share': { type: 'string', default: '0.5' },
  },
});

const DEMO_KEYS = { DEMO: 'demo-device-activation-key', OTHER: 'other-device-activation-key' };
const MODELS = {
  DEMO: [
    ['TM-6', 'DEMO-CHEF'],
    ['TM-7', 'DEMO-CHEF'],
    ['TMA-1', 'DEMO-CHEF'],
    ['AF-5', 'DEMO-AIR'],
    ['AF-8', 'DEMO-AIR'],
    ['SM-3', 'DEMO-BAKE'],
    ['OV-40', 'DEMO-BAKE'],
  ],
  OTHER: [
    ['TM-6', 'OTHER-ONE'],
    ['AF-5', 'OTHER-ONE'],
  ],
};
const MODES = ['IDLE', 'IDLE', 'BOIL', 'STEAM', 'KNEAD', 'SLOW_COOK', 'AIR_FRYER', 'WEIGH'];
const FAULTS = [
  ['HEATING', 'E12 heater open circuit'],
  ['MOTOR', 'E31 motor stall'],
  ['SENSOR', 'E05 NTC sensor out of range'],
  ['OVERHEAT', 'E40 overheat protection tripped'],
  ['LID_OPEN', 'E21 lid opened while running'],
  ['NETWORK', 'W02 cloud unreachable, buffered samples'],
];
const PLACES = [
  ['CN', 'Shenzhen'],
  ['CN', 'Hangzhou'],
  ['CN', 'Shanghai'],
  ['DE', 'Berlin'],
  ['FR', 'Paris'],
  ['US', 'Chicago'],
  ['JP', 'Tokyo'],
];

const count = Number(opt.devices);
const rate = Number(opt.rate);
const batch = Number(opt.batch);
const brand = opt.brand;
const key = opt.key ?? DEMO_KEYS[brand];
const faultRate = Number(opt['fault-rate']);
const quietShare = Number(opt['quiet-share']);
const appRate = Number(opt['app-rate']);
const duration = Number(opt.duration);
const contentEvery = Number(opt['content-every']) * 1000;
const noticeEvery = Number(opt['notice-every']) * 1000;
const readShare = Number(opt['read-share']);
if (!(count > 0 && rate > 0 && batch >= 1 && batch <= 500 && MODELS[brand] && key)) {
  console.error(
    'usage: npm run simulate -- --devices N --rate R [--batch B] [--brand DEMO|OTHER] [--key K] [--url U]',
  );
  process.exit(2);
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const stats = {
  posts: 0,
  messages: 0,
  faults: 0,
  searches: 0,
  cooks: 0,
  errors: 0,
  deferred: 0,
  lastError: '',
  contentPolls: 0,
  contentUnchanged: 0,
  noticePolls: 0,
  noticesReceived: 0,
  noticesRead: 0,
};
/** Content feeds seen so far, by ETag: each new one is printed once. */
const seenFeeds = new Set();
let stopping = false;

async function call(path, body, headers) {
  const res = await fetch(`${opt.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const answer = await res.json().catch(() => ({ desc: res.statusText }));
  if (!res.ok)
    throw Object.assign(new Error(`${path}: ${res.status} ${answer.desc}`), {
      status: res.status,
      retryAfterSeconds: retryAfter(res),
    });
  return answer.data;
}

/** Seconds a 429/503 asks to wait (header Retry-After, else 1), or undefined for other answers. */
function retryAfter(res) {
  if (res.status !== 429 && res.status !== 503) return undefined;
  const seconds = Number(res.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : 1;
}

/** Waits as a refusal asked, plus up to half as long again, so refused devices do not come back in step. */
const backOff = (seconds) => sleep(seconds * 1000 * (1 + Math.random() * 0.5));

class Device {
  constructor(i) {
    const [productCode, subBrandCode] = MODELS[brand][i % MODELS[brand].length];
    this.sn = `${opt.prefix}${brand.slice(0, 2)}${String(i + 1).padStart(6, '0')}`;
    this.productCode = productCode;
    this.subBrandCode = subBrandCode;
    this.apk = pick(['2.0.3', '2.1.0', '2.1.0']);
    this.mcu = '1.4.2';
    this.tp = pick(['3.0.0', '3.0.1']);
    this.ip = `10.${50 + (i % 100)}.${Math.floor(i / 250) % 250}.${(i % 250) + 2}`;
    this.place = pick(PLACES);
    this.temperature = 22;
    this.mode = 'IDLE';
    this.quiet = Math.random() < quietShare;
    // Exactly a share of the devices read what they receive (spread evenly over the device numbers), so a push to
    // them shows a predictable read count next to the received one.
    this.reads = Math.floor((i + 1) * readShare) > Math.floor(i * readShare);
    /** Notices acknowledged received and left unread: the device API keeps offering them until read. */
    this.keptUnread = new Set();
    this.seq = 0;
    this.buffer = [];
  }

  async activate() {
    const user =
      Math.random() < 0.7
        ? {
            account: `${this.sn.toLowerCase()}@app.example.com`,
            nickname: `Cook ${this.sn.slice(-4)}`,
            region: this.place[0],
            gender: pick(['male', 'female']),
            age: 20 + Math.floor(Math.random() * 50),
          }
        : undefined;
    for (let attempt = 0; !stopping; attempt++) {
      try {
        const data = await call(
          '/device/v1/activate',
          {
            sn: this.sn,
            productCode: this.productCode,
            subBrandCode: this.subBrandCode,
            apkVersion: this.apk,
            mcuVersion: this.mcu,
            tpVersion: this.tp,
            user,
          },
          { 'x-activation-key': key },
        );
        this.credential = data.credential;
        if (user) await this.signUp(user).catch(() => undefined);
        return;
      } catch (error) {
        if (error.status === 401 || error.status === 400 || error.status === 409) throw error;
        if (error.retryAfterSeconds !== undefined) await backOff(error.retryAfterSeconds);
        else await sleep(Math.min(5000, 250 * 2 ** attempt));
      }
    }
  }

  /** The bound user registers in the app (or signs in when a previous run registered them). */
  async signUp(user) {
    const body = { brandOwnerCode: brand, account: user.account, password: 'app12345' };
    const session = await call('/app/v1/register', {
      ...body,
      nickname: user.nickname,
      region: user.region,
    }).catch((error) => (error.status === 409 ? call('/app/v1/sign-in', body) : Promise.reject(error)));
    this.app = { authorization: `Bearer ${session.token}` };
  }

  /** What the app user does now and then: search, favourite, cook on this device, review what was cooked. */
  async appActivity() {
    if (!this.app || Math.random() > appRate) return;
    const terms = pick(['-', '汤', 'soup', '鸡', 'cake', '牛']);
    const res = await fetch(`${opt.url}/app/v1/recipes/search?q=${encodeURIComponent(terms)}&lang=zh`, {
      headers: this.app,
    });
    const found = res.ok ? (await res.json()).data.list : [];
    stats.searches++;
    if (!found.length) return;
    const recipe = pick(found);
    const now = Date.now();
    const at = new Date(now).toISOString();
    if (Math.random() < 0.5)
      await call(
        '/app/v1/activity',
        { messages: [{ type: 'favourite', messageId: randomUUID(), at, recipeId: recipe.recipeId }] },
        this.app,
      );
    const outcome = Math.random() < 0.85 ? 'completed' : 'aborted';
    await call(
      '/device/v1/cooking',
      {
        messages: [
          {
            messageId: randomUUID(),
            recipeId: recipe.recipeId,
            recipeVersion: 1,
            mode: pick(MODES.filter((m) => m !== 'IDLE')),
            startedAt: new Date(now - 30 * 60_000).toISOString(),
            endedAt: at,
            outcome,
          },
        ],
      },
      { authorization: `Bearer ${this.credential}` },
    );
    stats.cooks++;
    if (outcome === 'completed' && Math.random() < 0.3) {
      // The session is stored by the workers within moments; a review of it waits for that.
      await sleep(2000);
      await call(
        '/app/v1/activity',
        {
          messages: [
            {
              type: 'review',
              messageId: randomUUID(),
              at: new Date().toISOString(),
              recipeId: recipe.recipeId,
              score: 3 + Math.floor(Math.random() * 3),
              content: pick(['好吃！', '下次少放盐', 'Easy and tasty', '']),
            },
          ],
        },
        this.app,
      ).catch(() => undefined);
    }
  }

  sample() {
    if (Math.random() < 0.1) this.mode = pick(MODES);
    const target = this.mode === 'IDLE' ? 22 : this.mode === 'AIR_FRYER' ? 180 : 98;
    this.temperature += (target - this.temperature) * 0.3 + (Math.random() - 0.5) * 2;
    if (Math.random() < 0.0005) this.apk = '2.2.0';
    return {
      messageId: `${this.sn}-${Date.now().toString(36)}-${this.seq++}`,
      sampledAt: new Date().toISOString(),
      network: 'wifi',
      ip: this.ip,
      apkVersion: this.apk,
      mcuVersion: this.mcu,
      tpVersion: this.tp,
      mode: this.mode,
      extra: {
        temperatureC: Math.round(this.temperature * 10) / 10,
        rssi: -40 - Math.floor(Math.random() * 40),
      },
    };
  }

  async tick() {
    this.buffer.push(this.sample());
    if (this.buffer.length < batch) return;
    const messages = this.buffer;
    this.buffer = [];
    const auth = { authorization: `Bearer ${this.credential}` };
    try {
      await call('/device/v1/telemetry', { messages }, auth);
      stats.posts++;
      stats.messages += messages.length;
      await this.appActivity().catch((error) => {
        stats.errors++;
        stats.lastError = `app: ${error.message}`;
      });
      if (Math.random() < faultRate) {
        const [type, text] = pick(FAULTS);
        await call(
          '/device/v1/faults',
          {
            messages: [
              {
                messageId: randomUUID(),
                type,
                reportedAt: new Date().toISOString(),
                country: this.place[0],
                city: this.place[1],
                errorLog: `${text}\nmode=${this.mode} temperature=${this.temperature.toFixed(1)}C apk=${this.apk}\nuptime=${this.seq}`,
              },
            ],
          },
          auth,
        );
        stats.faults++;
      }
    } catch (error) {
      if (error.retryAfterSeconds !== undefined) stats.deferred++;
      else stats.errors++;
      stats.lastError = error.message;
      // Refused credential (revoked or the device was deleted): activate again, as a device would after a reset.
      if (error.status === 401) await this.activate().catch(() => undefined);
      else {
        // Kept and posted again (the newest 500 at most); after a 429/503, not before it said.
        this.buffer.unshift(...messages.slice(0, 500 - this.buffer.length));
        if (error.retryAfterSeconds !== undefined) await backOff(error.retryAfterSeconds);
      }
    }
  }

  /** Polls the content feed as a device does: sends back the ETag it has, so an unchanged feed is a 304. */
  async pollContent() {
    this.contentAt = Date.now();
    try {
      const res = await fetch(`${opt.url}/device/v1/content`, {
        headers: {
          authorization: `Bearer ${this.credential}`,
          ...(this.etag ? { 'if-none-match': this.etag } : {}),
        },
      });
      stats.contentPolls++;
      if (res.status === 304) {
        stats.contentUnchanged++;
        return;
      }
      const answer = await res.json();
      if (!res.ok) throw new Error(`/device/v1/content: ${res.status} ${answer.desc}`);
      this.etag = res.headers.get('etag');
      if (!opt.quiet && !seenFeeds.has(this.etag)) {
        seenFeeds.add(this.etag);
        const f = answer.data;
        console.log(
          `[simulate] content (${this.sn}, ${f.lang}): banners ${f.banners.map((b) => b.name).join(', ') || '-'}; ` +
            `lock-screen ads ${f.lockScreenAds.map((a) => a.name).join(', ') || '-'}; ` +
            `groups ${f.groups.map((g) => g.name).join(', ') || '-'}; hot ${f.hotTags.map((t) => t.label).join(', ') || '-'}`,
        );
      }
    } catch (error) {
      stats.errors++;
      stats.lastError = error.message;
    }
  }

  /**
   * Fetches the device's unread notices as a device does and acknowledges each one it has not yet: read when this
   * device's user reads notices, else received (it stays unread and is not acknowledged again).
   */
  async pollNotices() {
    this.noticesAt = Date.now();
    const auth = { authorization: `Bearer ${this.credential}` };
    try {
      const res = await fetch(`${opt.url}/device/v1/notices`, { headers: auth });
      const answer = await res.json().catch(() => ({ desc: res.statusText }));
      if (!res.ok) throw new Error(`/device/v1/notices: ${res.status} ${answer.desc}`);
      stats.noticePolls++;
      const acks = answer.data.list
        .filter((n) => !this.keptUnread.has(n.noticeId))
        .map((n) => ({ noticeId: n.noticeId, state: this.reads ? 'read' : 'received' }));
      if (acks.length === 0) return;
      const counted = await call('/device/v1/notices/ack', { acks }, auth);
      if (!this.reads) for (const a of acks) this.keptUnread.add(a.noticeId);
      stats.noticesReceived += counted.received;
      stats.noticesRead += counted.read;
      if (!opt.quiet && counted.received > 0)
        console.log(`[simulate] ${this.sn} received ${counted.received} notice(s), read ${counted.read}`);
    } catch (error) {
      stats.errors++;
      stats.lastError = error.message;
    }
  }

  run() {
    const period = 1000 / rate;
    const loop = async () => {
      while (!stopping) {
        if (this.quiet && Math.random() < 0.02) {
          // Unplugged for 1–4 minutes: nothing posted, so it turns offline after the inactivity timeout.
          await sleep(60_000 + Math.random() * 180_000);
        }
        const started = Date.now();
        if (contentEvery > 0 && started - (this.contentAt ?? 0) >= contentEvery) await this.pollContent();
        if (noticeEvery > 0 && started - (this.noticesAt ?? 0) >= noticeEvery) await this.pollNotices();
        await this.tick();
        await sleep(Math.max(0, period - (Date.now() - started)) * (0.8 + Math.random() * 0.4));
      }
    };
    // Spread the first posts over one period so the devices do not post in step.
    return sleep(Math.random() * period).then(loop);
  }
}

// Sleeps that Ctrl+C cuts short.
const sleepers = new Set();
function sleep(ms) {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      sleepers.delete(done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    sleepers.add(done);
  });
}

async function main() {
  const devices = Array.from({ length: count }, (_, i) => new Device(i));
  if (!opt.quiet) console.log(`Activating ${count} ${brand} devices at ${opt.url} …`);
  for (let i = 0; i < devices.length; i += 50)
    await Promise.all(devices.slice(i, i + 50).map((d) => d.activate()));
  if (!opt.quiet) console.log(`Posting ${rate} sample(s)/s per device in batches of ${batch}; Ctrl+C stops.`);
  const runs = devices.map((d) => d.run());
  const started = Date.now();
  let last = { ...stats, at: started };
  const report = setInterval(() => {
    const now = Date.now();
    const secs = (now - last.at) / 1000;
    if (!opt.quiet || stats.errors > last.errors)
      console.log(
        `[simulate] ${((stats.messages - last.messages) / secs).toFixed(0)} msg/s, ${((stats.posts - last.posts) / secs).toFixed(1)} posts/s, ` +
          `faults ${stats.faults}, app searches ${stats.searches}, cooks ${stats.cooks}, deferred (busy, posted again later) ${stats.deferred}, ` +
          `content polls ${stats.contentPolls} (${stats.contentUnchanged} unchanged, 304), ` +
          `notices received ${stats.noticesReceived}, read ${stats.noticesRead}, ` +
          `errors ${stats.errors}${stats.errors > last.errors ? ` (last: ${stats.lastError})` : ''}`,
      );
    last = { ...stats, at: now };
    if (duration && now - started >= duration * 1000) stop();
  }, 10_000);
  function stop() {
    stopping = true;
    clearInterval(report);
    for (const wake of [...sleepers]) wake();
  }
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await Promise.all(runs);
  console.log(`[simulate] done: ${stats.messages} samples, ${stats.faults} faults, ${stats.errors} errors`);
}

main().catch((error) => {
  console.error(`[simulate] ${error.message}`);
  process.exit(1);
});
