/** The smallest files file-type recognises: a WebM EBML header and an MP4 'ftyp' box, padded. */
const ebmlBody = Buffer.from([
  0x42,
  0x86,
  0x81,
  0x01,
  0x42,
  0xf7,
  0x81,
  0x01,
  0x42,
  0xf2,
  0x81,
  0x04,
  0x42,
  0xf3,
  0x81,
  0x08,
  0x42,
  0x82,
  0x84,
  ...Buffer.from('webm'),
  0x42,
  0x87,
  0x81,
  0x02,
  0x42,
  0x85,
  0x81,
  0x02,
]);

export function tinyWebm(padding = 64): Buffer {
  return Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | ebmlBody.length]),
    ebmlBody,
    Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    Buffer.alloc(padding),
  ]);
}

export function tinyMp4(padding = 64): Buffer {
  return Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isommp41'),
    Buffer.from([0, 0, 0, 8]),
    Buffer.from('free'),
    Buffer.alloc(padding),
  ]);
}
