/**
 * Introductory, southern voice: colours and a few things in the house, each line said slowly, twice.
 * Southern words where the regions differ: xanh dương (blue), vậy at the end of a question.
 */
import type { DemoScript } from './script.ts'

export const mauSac: DemoScript = {
  repeat: 2,
  lines: [
    { said: 'Màu.', en: 'Colour.' },
    { said: 'Màu đỏ.', en: 'Red.' },
    { said: 'Màu vàng.', en: 'Yellow.' },
    { said: 'Màu xanh.', en: 'Green or blue.' },
    { said: 'Màu xanh lá.', en: 'Green (the green of leaves).' },
    { said: 'Màu xanh dương.', en: 'Blue.' },
    { said: 'Màu trắng.', en: 'White.' },
    { said: 'Màu đen.', en: 'Black.' },
    { said: 'Cái này.', en: 'This (thing).' },
    { said: 'Cái này màu đỏ.', en: 'This is red.' },
    { said: 'Cái này màu gì?', en: 'What colour is this?' },
    { said: 'Cái này màu vàng.', en: 'This is yellow.' },
    { said: 'Cái này màu gì vậy?', en: 'What colour is this, then?' },
    { said: 'Cái này màu xanh dương.', en: 'This is blue.' },
    { said: 'Nhà.', en: 'House. Home.' },
    { said: 'Nhà tôi màu trắng.', en: 'My house is white.' },
    { said: 'Cửa.', en: 'Door.' },
    { said: 'Cửa màu xanh lá.', en: 'The door is green.' },
    { said: 'Cái bàn.', en: 'The table.' },
    { said: 'Cái bàn màu đen.', en: 'The table is black.' },
    { said: 'Cái ghế.', en: 'The chair.' },
    { said: 'Cái ghế màu đỏ.', en: 'The chair is red.' },
    { said: 'Cái bàn màu gì?', en: 'What colour is the table?' },
    { said: 'Cái bàn màu đen.', en: 'The table is black.' },
    { said: 'Cái ghế màu gì vậy?', en: 'And what colour is the chair?' },
    { said: 'Cái ghế màu đỏ.', en: 'The chair is red.' },
    { said: 'Cửa màu gì?', en: 'What colour is the door?' },
    { said: 'Cửa màu xanh lá.', en: 'The door is green.' },
  ],
}
