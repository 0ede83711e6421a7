// Draws the app icon (a blue ring on a dark rounded square) as a 512x512 PNG, with no image library.
import { writeFileSync } from 'node:fs'
import { deflateSync } from 'node:zlib'

const size = 512
const px = Buffer.alloc(size * size * 4)
const inRoundedSquare = (x, y, r) => {
  const cx = Math.min(Math.max(x, r), size - r)
  const cy = Math.min(Math.max(y, r), size - r)
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
}
for (let y = 0; y < size; y++) {
  for (let x = 0; x < size; x++) {
    const i = (y * size + x) * 4
    if (!inRoundedSquare(x + 0.5, y + 0.5, 96)) continue
    const d = Math.hypot(x + 0.5 - 256, y + 0.5 - 256)
    const ring = d > 120 && d < 170
    const dot = d < 40
    const [r, g, b] = ring ? [122, 162, 255] : dot ? [255, 255, 255] : [20, 26, 38]
    px.set([r, g, b, 255], i)
  }
}
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc = (buf) => {
  let c = 0xffffffff
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
const chunk = (type, data) => {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const td = Buffer.concat([Buffer.from(type), data])
  const c = Buffer.alloc(4)
  c.writeUInt32BE(crc(td))
  return Buffer.concat([len, td, c])
}
const ihdr = Buffer.alloc(13)
ihdr.writeUInt32BE(size, 0)
ihdr.writeUInt32BE(size, 4)
ihdr.set([8, 6, 0, 0, 0], 8)
const raw = Buffer.alloc(size * (size * 4 + 1))
for (let y = 0; y < size; y++) px.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4)
writeFileSync(
  process.argv[2] ?? 'resources/icon.png',
  Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]),
)
