import { describe, expect, test } from "bun:test";
import { storageMounts } from "../../src/platforms/mister/storage-watch.ts";

describe("MiSTer storage mount points from /proc/self/mountinfo", () => {
  test("USB drives, the network folder and the CIFS share count; the SD card, /media itself and others do not", () => {
    const table = [
      "22 1 179:2 / / rw,relatime - ext4 /dev/root rw",
      "30 22 179:1 / /media/fat rw,relatime - exfat /dev/mmcblk0p1 rw",
      "41 30 0:40 / /media/fat/cifs rw,relatime - cifs //nas/games rw",
      "42 22 8:1 / /media/usb0 rw,relatime - vfat /dev/sda1 rw",
      "43 22 8:17 / /media/usb5 rw,relatime - exfat /dev/sdb1 rw",
      "44 22 8:33 / /media/usb6 rw,relatime - exfat /dev/sdc1 rw",
      "45 22 0:41 / /media/network rw,relatime - nfs nas:/games rw",
      "46 22 8:49 / /media/usb0/sub rw,relatime - vfat /dev/sdd1 rw",
      "47 22 0:42 / /media/my\\040drive rw - tmpfs tmpfs rw",
      "",
    ].join("\n");
    expect(storageMounts(table)).toEqual(["/media/fat/cifs", "/media/network", "/media/usb0", "/media/usb5"]);
  });
});
