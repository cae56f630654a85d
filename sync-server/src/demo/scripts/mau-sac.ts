/**
 * Introductory, southern voice: colours and a few things in the house, each line said slowly, twice.
 * Southern words where the regions differ: xanh dương (blue), vậy at the end of a question.
 */
import type { DemoScript } from './script.ts'

export const mauSac: DemoScript = {
  repeat: 2,
  lines: [
    { vi: 'Màu.', en: 'Colour.' },
    { vi: 'Màu đỏ.', en: 'Red.' },
    { vi: 'Màu vàng.', en: 'Yellow.' },
    { vi: 'Màu xanh.', en: 'Green or blue.' },
    { vi: 'Màu xanh lá.', en: 'Green (the green of leaves).' },
    { vi: 'Màu xanh dương.', en: 'Blue.' },
    { vi: 'Màu trắng.', en: 'White.' },
    { vi: 'Màu đen.', en: 'Black.' },
    { vi: 'Cái này.', en: 'This (thing).' },
    { vi: 'Cái này màu đỏ.', en: 'This is red.' },
    { vi: 'Cái này màu gì?', en: 'What colour is this?' },
    { vi: 'Cái này màu vàng.', en: 'This is yellow.' },
    { vi: 'Cái này màu gì vậy?', en: 'What colour is this, then?' },
    { vi: 'Cái này màu xanh dương.', en: 'This is blue.' },
    { vi: 'Nhà.', en: 'House. Home.' },
    { vi: 'Nhà tôi màu trắng.', en: 'My house is white.' },
    { vi: 'Cửa.', en: 'Door.' },
    { vi: 'Cửa màu xanh lá.', en: 'The door is green.' },
    { vi: 'Cái bàn.', en: 'The table.' },
    { vi: 'Cái bàn màu đen.', en: 'The table is black.' },
    { vi: 'Cái ghế.', en: 'The chair.' },
    { vi: 'Cái ghế màu đỏ.', en: 'The chair is red.' },
    { vi: 'Cái bàn màu gì?', en: 'What colour is the table?' },
    { vi: 'Cái bàn màu đen.', en: 'The table is black.' },
    { vi: 'Cái ghế màu gì vậy?', en: 'And what colour is the chair?' },
    { vi: 'Cái ghế màu đỏ.', en: 'The chair is red.' },
    { vi: 'Cửa màu gì?', en: 'What colour is the door?' },
    { vi: 'Cửa màu xanh lá.', en: 'The door is green.' },
  ],
}
