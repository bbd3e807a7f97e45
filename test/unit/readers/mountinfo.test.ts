import { describe, expect, test } from "bun:test";
import { ExternalDriveReader } from "../../../src/readers/externaldrive/external-drive-reader.ts";
import { driveMounts, parseMountInfo } from "../../../src/readers/externaldrive/mountinfo.ts";
import { readerIdFor } from "../../../src/readers/reader-id.ts";

const TABLE = [
  "22 1 0:21 / /proc rw,nosuid,nodev,noexec,relatime shared:12 - proc proc rw",
  "26 1 259:2 / / rw,relatime shared:1 - ext4 /dev/nvme0n1p2 rw,errors=remount-ro",
  "40 26 8:17 / /media/pi/MY\\040STICK rw,nosuid,nodev,relatime shared:300 - vfat /dev/sdb1 rw,fmask=0022",
  "41 26 0:38 / /media/pi/img rw,nosuid,nodev,relatime - fuse.fusefat fusefat rw,user_id=0,group_id=0",
  "42 26 0:50 / /media/tmp rw - tmpfs tmpfs rw",
  "43 26 8:33 / /mnt/usb rw shared:301 master:2 - exfat /dev/sdc1 rw",
  "44 26 8:49 / /home/pi/other rw - ext4 /dev/sdd1 rw",
  "45 26 8:50 / /mnt/usb rw - ext4 /dev/sde1 rw",
  "garbage line",
  "",
].join("\n");

describe("mountinfo", () => {
  test("parses mount points (octal escapes), types and sources, optional fields of any count", () => {
    const all = parseMountInfo(TABLE);
    expect(all).toHaveLength(8);
    expect(all[2]).toEqual({ id: 40, mountPoint: "/media/pi/MY STICK", fsType: "vfat", source: "/dev/sdb1" });
    expect(all[5]).toEqual({ id: 43, mountPoint: "/mnt/usb", fsType: "exfat", source: "/dev/sdc1" });
  });

  test("drives: below the parents, real filesystems, the newest mount on a point", () => {
    const points = (parents: string[]) => driveMounts(parseMountInfo(TABLE), parents).map((m) => `${m.mountPoint} ${m.fsType}`);
    expect(points(["/media", "/mnt", "/run/media"])).toEqual(["/media/pi/MY STICK vfat", "/media/pi/img fuse.fusefat", "/mnt/usb ext4"]);
    expect(points(["/media/pi/"])).toEqual(["/media/pi/MY STICK vfat", "/media/pi/img fuse.fusefat"]);
    expect(points(["/media/pi/img"])).toEqual([]);
  });
});

describe("externaldrive reader id", () => {
  test("the reference's id for `externaldrive:`; the folder for a restricted reader", () => {
    expect(new ExternalDriveReader("").readerId).toBe(readerIdFor("externaldrive", "externaldrive"));
    expect(new ExternalDriveReader("/srv/usb").readerId).toBe(readerIdFor("externaldrive", "/srv/usb"));
  });
});
