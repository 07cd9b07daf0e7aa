#!/usr/bin/env python3
"""Where one PostgreSQL server saturates (docs/benchmark.md, "Where the one server saturates").

One step of the sweep: writes DBS databases x DAYS days of hourly periods with WRITERS concurrent writers
(awrdiff_fleet_bench, the library's `history add` path) into a new database NAME of a running throw-away server,
and samples, from the writers' first day on to their end, the CPU of the server's processes (the postmaster's
children: backends, WAL writer, checkpointer), of the writers' process and of the whole machine (I/O wait
included), the disk's written bytes and the server's connections. Prints one JSON line.

  bench/fleet/saturate.py --gen build/tests/awrdiff_fleet_bench --pg-data /tmp/sat-pg --port 5434 \\
      --dbs 1000 --days 2 --writers 16 --body-days 0 --name v_1000_16

The server is started as bench/fleet/fleet.sh starts it (its --pg-data, its port): a sweep is a loop over writers
(8, 16, 32, 64) and databases (250, 1000, 4000), each step into its own database. DAYS must be 2 or more (the rate
is taken from the first day's end on, past the start-up). Linux only (/proc).
"""
import argparse, json, os, re, subprocess, sys, threading, time

a = argparse.ArgumentParser()
a.add_argument('--gen', required=True)
a.add_argument('--pg-data', required=True)
a.add_argument('--port', default='5434')
a.add_argument('--corpus', default=os.environ.get('AWRDIFF_CORPUS', os.path.join(os.path.dirname(__file__), '../../../shared/corpus')))
a.add_argument('--out', default='/tmp/awrdiff-saturate')
a.add_argument('--dbs', type=int, required=True)
a.add_argument('--days', type=int, default=2)
a.add_argument('--writers', type=int, required=True)
a.add_argument('--body-days', type=int, default=0)
a.add_argument('--name', required=True)
a.add_argument('--disk', default='vda', help='the block device of the data directory (/proc/diskstats)')
o = a.parse_args()
sock = os.path.join(o.pg_data, 'socket')
pgbin = max(d for d in (f'/usr/lib/postgresql/{v}/bin' for v in os.listdir('/usr/lib/postgresql')) if os.path.exists(d + '/createdb'))
as_user = ['setpriv', '--reuid=nobody', '--regid=nogroup', '--clear-groups'] if os.getuid() == 0 else []
subprocess.run(as_user + [pgbin + '/createdb', '-h', sock, '-p', o.port, '-U', 'awrdiff', o.name], check=True)
postmaster = int(open(os.path.join(o.pg_data, 'postmaster.pid')).readline())
TCK = os.sysconf('SC_CLK_TCK')


def proc_cpu(pid):  # (CPU seconds, parent pid) of a process, None when it is gone
    try:
        f = open(f'/proc/{pid}/stat').read().rsplit(')', 1)[1].split()
        return (int(f[11]) + int(f[12])) / TCK, int(f[1])
    except (OSError, IndexError, ValueError):
        return None


seen, base = {}, {}  # server process -> its latest CPU seconds; at the mark
lock = threading.Lock()


def scan():  # the server's processes' CPU; returns the number of client backends
    n = 0
    for p in os.listdir('/proc'):
        if not p.isdigit():
            continue
        r = proc_cpu(p)
        if r and (r[1] == postmaster or int(p) == postmaster):
            with lock:
                seen[int(p)] = r[0]
            try:
                n += 'postgres: awrdiff' in open(f'/proc/{p}/cmdline').read()
            except OSError:
                pass
    return n


def server_cpu():  # CPU since the mark; a backend that ended keeps its last sample (taken every 0.5 s)
    with lock:
        return sum(c - base.get(p, 0.0) for p, c in seen.items())


def snap(gen_pid):
    g = proc_cpu(gen_pid)
    v = list(map(int, open('/proc/stat').readline().split()[1:]))
    disk = sum(int(f.split()[9]) * 512 for f in open('/proc/diskstats') if f.split()[2] == o.disk)
    return dict(t=time.time(), gen=g[0] if g else 0.0, pg=server_cpu(), total=sum(v) / TCK, idle=v[3] / TCK,
                iowait=v[4] / TCK, disk=disk, load=os.getloadavg()[0])


uri = f'postgresql://awrdiff@/{o.name}?host={sock}&port={o.port}'
p = subprocess.Popen([o.gen, '--store', uri, '--corpus', o.corpus, '--out', os.path.join(o.out, o.name), '--dbs', str(o.dbs),
                      '--days', str(o.days), '--writers', str(o.writers), '--gate-dbs', '0', '--body-days', str(o.body_days)],
                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
marks, conns, stop = [], [], False


def sampler():
    while not stop:
        conns.append(scan())
        time.sleep(0.5)


th = threading.Thread(target=sampler)
th.start()
for line in p.stderr:  # "day N: P periods in S s (R periods/s)", from the writers
    m = re.match(r'day (\d+): (\d+) periods in', line)
    if m:
        scan()
        if not marks:
            with lock:
                base.update(seen)
        s = snap(p.pid)
        s['periods'] = int(m.group(2))
        marks.append(s)
    else:
        sys.stderr.write(line)
scan()
last = snap(p.pid)
out = p.stdout.read()
p.wait()
stop = True
th.join()
m = re.search(r'written\t(\d+) periods .* in ([\d.]+) s: (\d+) periods/s', out)
if not m or not marks:
    sys.exit('saturate.py: the writers gave no rate (DAYS < 2, or they failed):\n' + out)
last['periods'] = int(m.group(1))
first = marks[0]
dt = last['t'] - first['t']
rate = (last['periods'] - first['periods']) / dt
pg_cores = (last['pg'] - first['pg']) / dt
total = last['total'] - first['total']
print(json.dumps(dict(
    name=o.name, dbs=o.dbs, days=o.days, writers=o.writers, body_days=o.body_days, periods=last['periods'],
    periods_per_s=round(rate, 1), server_cores=round(pg_cores, 2), writer_cores=round((last['gen'] - first['gen']) / dt, 2),
    server_cpu_ms_per_period=round(1000 * pg_cores / rate, 2),
    machine_busy_cores=round((total - (last['idle'] - first['idle']) - (last['iowait'] - first['iowait'])) / dt, 2),
    iowait_pct=round(100 * (last['iowait'] - first['iowait']) / total, 1), disk_mb_s=round((last['disk'] - first['disk']) / dt / 1e6, 1),
    max_connections_used=max(conns) if conns else 0, load=round(last['load'], 1),
    verified=[l for l in out.splitlines() if l.startswith(('verified', 'failed'))])))
