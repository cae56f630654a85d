/**
 * Beginner, northern voice, "Một ngày ở Hà Nội" episode 1: Lan's morning. Each line said twice, then
 * the story told once more straight through. Hà Nội words: bát (bowl), cốc (glass), cà phê nâu.
 */
import type { DemoScript } from './script.ts'

export const buoiSang: DemoScript = {
  repeat: 2,
  retell: { vi: 'Bây giờ, chúng ta nghe lại cả câu chuyện.', en: 'Now let us listen to the whole story again.' },
  lines: [
    { vi: 'Bây giờ là sáu giờ sáng.', en: 'It is six in the morning.' },
    { vi: 'Lan thức dậy.', en: 'Lan wakes up.' },
    { vi: 'Trời hôm nay hơi lạnh.', en: 'It is a little cold today.' },
    { vi: 'Lan đánh răng và rửa mặt.', en: 'Lan brushes her teeth and washes her face.' },
    { vi: 'Lan mặc áo ấm.', en: 'Lan puts on a warm jacket.' },
    { vi: 'Lan nhìn ra cửa sổ.', en: 'Lan looks out of the window.' },
    { vi: 'Ngoài phố đã có nhiều người.', en: 'There are already many people in the street.' },
    { vi: 'Lan đói bụng.', en: 'Lan is hungry.' },
    { vi: 'Lan đi ra ngoài.', en: 'Lan goes out.' },
    { vi: 'Đầu ngõ có một quán phở.', en: 'At the end of the lane there is a phở shop.' },
    { vi: 'Quán phở rất đông người.', en: 'The phở shop is very crowded.' },
    { vi: 'Lan gọi một bát phở bò.', en: 'Lan orders a bowl of beef phở.' },
    { vi: 'Phở nóng và thơm.', en: 'The phở is hot and fragrant.' },
    { vi: 'Lan cho thêm một chút chanh và ớt.', en: 'Lan adds a little lime and chilli.' },
    { vi: 'Lan ăn chậm.', en: 'Lan eats slowly.' },
    { vi: 'Lan ăn hết bát phở.', en: 'Lan finishes the whole bowl.' },
    { vi: 'Ăn xong, Lan muốn uống cà phê.', en: 'After eating, Lan wants a coffee.' },
    { vi: 'Quán cà phê ở bên kia đường.', en: 'The café is across the street.' },
    { vi: 'Có rất nhiều xe máy.', en: 'There are a lot of motorbikes.' },
    { vi: 'Lan qua đường cẩn thận.', en: 'Lan crosses the street carefully.' },
    { vi: 'Lan gọi một cốc cà phê nâu.', en: 'Lan orders a glass of "brown" coffee.' },
    { vi: 'Cà phê nâu là cà phê với sữa.', en: '"Brown" coffee is coffee with milk.' },
    { vi: 'Cà phê hơi đắng nhưng rất ngon.', en: 'The coffee is a little bitter but very good.' },
    { vi: 'Lan ngồi nhìn phố.', en: 'Lan sits and watches the street.' },
    { vi: 'Mọi người đi làm.', en: 'People are going to work.' },
    { vi: 'Các em nhỏ đi học.', en: 'Children are going to school.' },
    { vi: 'Bảy giờ rồi.', en: 'It is seven o\'clock already.' },
    { vi: 'Lan trả tiền và cảm ơn chủ quán.', en: 'Lan pays and thanks the owner.' },
    { vi: 'Lan đi làm.', en: 'Lan goes to work.' },
    { vi: 'Một buổi sáng bình thường ở Hà Nội.', en: 'An ordinary morning in Hà Nội.' },
  ],
}
