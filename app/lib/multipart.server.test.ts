import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { FormReadError, readPostedForm, sweepUploadDir, UPLOAD_SLOTS } from "./multipart.server";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "multipart-test-"));
let dir: string;
let n = 0;
beforeEach(() => {
  dir = path.join(root, `d${n++}`);
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const listDir = () => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);

function post(entries: [string, string | File][]) {
  const form = new FormData();
  for (const [k, v] of entries) form.append(k, v);
  return new Request("http://localhost/x", { method: "POST", body: form });
}
const file = (bytes: number, name = "a.jpg", fill = 7) => new File([new Uint8Array(bytes).fill(fill)], name);
const rule = { photos: { maxCount: 2, maxBytes: 1000 } };

describe("readPostedForm", () => {
  it("keeps the text fields and streams each file to its own temporary file; cleanup removes them", async () => {
    const form = await readPostedForm(
      post([
        ["title", "Kamion Šleper"],
        ["tags", "a"],
        ["tags", "b"],
        ["photos", file(600, "Šleper 1.jpg", 1)],
        ["photos", file(400, "b.png", 2)],
      ]),
      { files: rule, tmpDir: dir },
    );
    expect(form.fields.get("title")).toBe("Kamion Šleper");
    expect(form.fields.getAll("tags")).toEqual(["a", "b"]);
    expect(form.files.map((f) => [f.field, f.name, f.size])).toEqual([
      ["photos", "Šleper 1.jpg", 600],
      ["photos", "b.png", 400],
    ]);
    expect(fs.readFileSync(form.files[0].path!)).toEqual(Buffer.alloc(600, 1));
    expect(fs.readFileSync(form.files[1].path!)).toEqual(Buffer.alloc(400, 2));
    expect(fs.statSync(form.files[0].path!).mode & 0o777).toBe(0o600);
    expect(listDir()).toHaveLength(2);
    await form.cleanup();
    await form.cleanup();
    expect(listDir()).toEqual([]);
  });

  it("drops a file over its size or its field's count (listed without a path), and unnamed fields' files", async () => {
    const form = await readPostedForm(
      post([
        ["photos", file(1001, "big.jpg")],
        ["photos", file(10, "1.jpg")],
        ["photos", file(10, "2.jpg")],
        ["photos", file(10, "3.jpg")],
        ["other", file(10, "x.bin")],
        ["photos", new File([], "")],
      ]),
      { files: rule, tmpDir: dir },
    );
    expect(form.files.map((f) => [f.name, f.size, f.path !== null])).toEqual([
      ["big.jpg", 1001, false],
      ["1.jpg", 10, true],
      ["2.jpg", 10, true],
      ["3.jpg", 10, false],
      ["x.bin", 10, false],
    ]);
    // The oversized file's first kilobyte was removed as soon as it passed the limit.
    expect(listDir()).toHaveLength(2);
    await form.cleanup();
    expect(listDir()).toEqual([]);
  });

  it("without file rules reads every file and writes nothing", async () => {
    const form = await readPostedForm(
      post([
        ["t", "x"],
        ["photos", file(5000)],
      ]),
      { tmpDir: dir },
    );
    expect(form.fields.get("t")).toBe("x");
    expect(form.files).toEqual([{ field: "photos", name: "a.jpg", path: null, size: 5000 }]);
    expect(fs.existsSync(dir)).toBe(false);
  });

  it("reads a urlencoded form too", async () => {
    const request = new Request("http://localhost/x", {
      method: "POST",
      body: new URLSearchParams({ a: "1", b: "Đ" }),
    });
    const form = await readPostedForm(request, { files: rule, tmpDir: dir });
    expect(Object.fromEntries(form.fields)).toEqual({ a: "1", b: "Đ" });
    expect(form.files).toEqual([]);
  });

  it("refuses what is not a form, a broken body, a NUL byte and too much text, leaving no file", async () => {
    const code = (p: Promise<unknown>) =>
      p.then(
        () => "ok",
        (e) => (e instanceof FormReadError ? e.code : `other: ${e}`),
      );
    const json = new Request("http://localhost/x", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(await code(readPostedForm(json, { tmpDir: dir }))).toBe("malformed");
    const broken = new Request("http://localhost/x", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=xx" },
      body: '--xx\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\n\r\nabc',
    });
    expect(await code(readPostedForm(broken, { files: rule, tmpDir: dir }))).toBe("malformed");
    expect(await code(readPostedForm(post([["a", "x\u0000y"]]), { tmpDir: dir }))).toBe("malformed");
    expect(
      await code(
        readPostedForm(
          post([
            ["a", "x".repeat(600)],
            ["photos", file(100)],
            ["b", "y".repeat(600)],
          ]),
          {
            files: rule,
            tmpDir: dir,
            maxTextBytes: 1000,
          },
        ),
      ),
    ).toBe("too_large");
    expect(listDir()).toEqual([]);
  });

  it("removes what it wrote when the body fails mid-file (the client left)", async () => {
    const whole = post([
      ["t", "x"],
      ["photos", file(900)],
      ["photos", file(900)],
    ]);
    const bytes = new Uint8Array(await whole.arrayBuffer());
    const request = new Request("http://localhost/x", {
      method: "POST",
      headers: { "Content-Type": whole.headers.get("content-type")! },
      body: new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(bytes.subarray(0, bytes.length - 300));
        },
        pull(c) {
          c.error(Object.assign(new Error("gone"), { status: 400 }));
        },
      }),
      duplex: "half",
    } as RequestInit);
    await expect(readPostedForm(request, { files: rule, tmpDir: dir })).rejects.toMatchObject({
      code: "aborted",
    });
    expect(listDir()).toEqual([]);
  });

  it("when every upload slot is taken, waits, then drops the files and says it was busy", async () => {
    const held: (() => void)[] = [];
    for (let i = 0; i < UPLOAD_SLOTS.size; i++) held.push((await UPLOAD_SLOTS.acquire())!);
    try {
      const form = await readPostedForm(
        post([
          ["t", "x"],
          ["photos", file(100)],
        ]),
        {
          files: rule,
          tmpDir: dir,
          slotWaitMs: 20,
        },
      );
      expect(form.busy).toBe(true);
      expect(form.fields.get("t")).toBe("x");
      expect(form.files[0].path).toBeNull();
      await form.cleanup();
    } finally {
      for (const release of held) release();
    }
    expect(UPLOAD_SLOTS.stats().running).toBe(0);
  });

  it("the start-up sweep removes old upload files only", () => {
    fs.mkdirSync(dir, { recursive: true });
    const old = path.join(dir, "old.upload");
    const fresh = path.join(dir, "fresh.upload");
    const other = path.join(dir, "keep.txt");
    for (const f of [old, fresh, other]) fs.writeFileSync(f, "x");
    const hourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(old, hourAgo, hourAgo);
    fs.utimesSync(other, hourAgo, hourAgo);
    expect(sweepUploadDir(dir)).toBe(1);
    expect(fs.readdirSync(dir).sort()).toEqual(["fresh.upload", "keep.txt"]);
    expect(sweepUploadDir(path.join(dir, "missing"))).toBe(0);
  });
});
