"""The emulator under load (`make load`): wrk password sign-ins at 8 and 64 clients; 100 probe sign-ins while 2,000
connections are held idle, with partial heads, and with stalled bodies; then RSS sampled every 30 s over MINUTES of
sign-ins (8 clients). Prints one JSON line per part. Usage: emulator-load.py BINARY [MINUTES, default 10]"""
import os, re, socket, subprocess, sys, tempfile, time, json, statistics
binary = sys.argv[1]; minutes = float(sys.argv[2]) if len(sys.argv) > 2 else 10
p = subprocess.Popen([binary, "emulator", "--port", "0", "--quiet"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
port = int(re.search(r"127\.0\.0\.1:(\d+)", p.stdout.readline().decode()).group(1))
base = f"http://127.0.0.1:{port}/identitytoolkit.googleapis.com/v1"
def rss(): return int(re.search(r"VmRSS:\s+(\d+)", open(f"/proc/{p.pid}/status").read()).group(1)) / 1024
def call(path, body):
    r = subprocess.run(["curl", "-sS", "--max-time", "10", "-o", "/dev/null", "-w", "%{http_code} %{time_total}",
                        "-H", "Content-Type: application/json", "--data", body, f"{base}/{path}?key=k"], capture_output=True, text=True)
    code, t = r.stdout.split() if r.stdout else ("000", "10")
    return code, float(t)
call("accounts:signUp", '{"email":"load@example.com","password":"secret12"}')
lua = tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False)
lua.write('wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\nwrk.body = \'{"email":"load@example.com","password":"secret12","returnSecureToken":true}\'\n')
lua.close()
def wrk(clients, seconds=10):
    out = subprocess.run(["wrk", "-t", "2", "-c", str(clients), "-d", f"{seconds}s", "--latency", "-s", lua.name,
                          f"{base}/accounts:signInWithPassword?key=k"], capture_output=True, text=True).stdout
    rps = re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)
    p99 = re.search(r"99%\s+(\S+)", out).group(1)
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {"clients": clients, "signins_per_s": float(rps), "p99": p99, "non2xx": int(errors.group(1)) if errors else 0}
result = {"load_average": os.getloadavg()[0], "wrk": [wrk(8), wrk(64)]}
def probes(kind, opener):
    socks = []
    for _ in range(2000):
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=5); opener(s); socks.append(s)
        except OSError: pass
    times = []; ok = 0
    for _ in range(100):
        code, t = call("accounts:signInWithPassword", '{"email":"load@example.com","password":"secret12"}')
        if code == "200": ok += 1; times.append(t * 1000)
    for s in socks: s.close()
    time.sleep(1)
    return {"kind": kind, "held": len(socks), "probes_answered": ok, "p50_ms": round(statistics.median(times), 1) if times else None}
result["probes"] = [probes("idle", lambda s: None),
                    probes("partial head", lambda s: s.sendall(b"POST /x HTTP/1.1\r\nHost: x\r\n")),
                    probes("stalled body", lambda s: s.sendall(b"POST /identitytoolkit.googleapis.com/v1/accounts:signUp?key=k HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"))]
print(json.dumps(result), flush=True)
samples = [round(rss(), 1)]; total = 0; end = time.time() + minutes * 60
while time.time() < end:
    total += int(wrk(8, 30)["signins_per_s"] * 30)
    samples.append(round(rss(), 1))
print(json.dumps({"minutes": minutes, "signins": total, "rss_MiB": samples}))
p.terminate(); p.wait(); os.unlink(lua.name)
