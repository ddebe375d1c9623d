import { describe, expect, it } from "vitest";
import { acceptQueueLength } from "./connections";

const TCP = `  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 0100007F:0BB8 00000000:0000 0A 00000000:00000007 00:00000000 00000000     0        0 1 1 0 100 0 0 10 0
   1: 0100007F:0BB8 0100007F:D431 01 00000000:00000000 00:00000000 00000000     0        0 2 1 0 20 4 30 10 -1
   2: 00000000:1F90 00000000:0000 0A 00000000:00000002 00:00000000 00000000     0        0 3 1 0 100 0 0 10 0
`;

describe("accept queue length from /proc/net/tcp", () => {
  it("reads the rx_queue of our LISTEN socket only", () => {
    const read = (f: string) => {
      if (f === "/proc/net/tcp") return TCP;
      throw new Error("no such file");
    };
    expect(acceptQueueLength(3000, read)).toBe(7);
    expect(acceptQueueLength(8080, read)).toBe(2);
    expect(acceptQueueLength(4000, read)).toBeNull();
  });
});
