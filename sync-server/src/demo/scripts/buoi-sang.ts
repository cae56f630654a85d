/**
 * Beginner, northern voice, "Một ngày ở Hà Nội" episode 1: Lan's morning. Each line said twice, then
 * the story told once more straight through. Hà Nội words: bát (bowl), cốc (glass), cà phê nâu.
 */
import type { DemoScript } from './script.ts'

export const buoiSang: DemoScript = {
  repeat: 2,
  retell: { said: 'Bây giờ, chúng ta nghe lại cả câu chuyện.', en: 'Now let us listen to the whole story again.' },
  lines: [
    { said: 'Bây giờ là sáu giờ sáng.', en: 'It is six in the morning.' },
    { said: 'Lan thức dậy.', en: 'Lan wakes up.' },
    { said: 'Trời hôm nay hơi lạnh.', en: 'It is a little cold today.' },
    { said: 'Lan đánh răng và rửa mặt.', en: 'Lan brushes her teeth and washes her face.' },
    { said: 'Lan mặc áo ấm.', en: 'Lan puts on a warm jacket.' },
    { said: 'Lan nhìn ra cửa sổ.', en: 'Lan looks out of the window.' },
    { said: 'Ngoài phố đã có nhiều người.', en: 'There are already many people in the street.' },
    { said: 'Lan đói bụng.', en: 'Lan is hungry.' },
    { said: 'Lan đi ra ngoài.', en: 'Lan goes out.' },
    { said: 'Đầu ngõ có một quán phở.', en: 'At the end of the lane there is a phở shop.' },
    { said: 'Quán phở rất đông người.', en: 'The phở shop is very crowded.' },
    { said: 'Lan gọi một bát phở bò.', en: 'Lan orders a bowl of beef phở.' },
    { said: 'Phở nóng và thơm.', en: 'The phở is hot and fragrant.' },
    { said: 'Lan cho thêm một chút chanh và ớt.', en: 'Lan adds a little lime and chilli.' },
    { said: 'Lan ăn chậm.', en: 'Lan eats slowly.' },
    { said: 'Lan ăn hết bát phở.', en: 'Lan finishes the whole bowl.' },
    { said: 'Ăn xong, Lan muốn uống cà phê.', en: 'After eating, Lan wants a coffee.' },
    { said: 'Quán cà phê ở bên kia đường.', en: 'The café is across the street.' },
    { said: 'Có rất nhiều xe máy.', en: 'There are a lot of motorbikes.' },
    { said: 'Lan qua đường cẩn thận.', en: 'Lan crosses the street carefully.' },
    { said: 'Lan gọi một cốc cà phê nâu.', en: 'Lan orders a glass of "brown" coffee.' },
    { said: 'Cà phê nâu là cà phê với sữa.', en: '"Brown" coffee is coffee with milk.' },
    { said: 'Cà phê hơi đắng nhưng rất ngon.', en: 'The coffee is a little bitter but very good.' },
    { said: 'Lan ngồi nhìn phố.', en: 'Lan sits and watches the street.' },
    { said: 'Mọi người đi làm.', en: 'People are going to work.' },
    { said: 'Các em nhỏ đi học.', en: 'Children are going to school.' },
    { said: 'Bảy giờ rồi.', en: 'It is seven o\'clock already.' },
    { said: 'Lan trả tiền và cảm ơn chủ quán.', en: 'Lan pays and thanks the owner.' },
    { said: 'Lan đi làm.', en: 'Lan goes to work.' },
    { said: 'Một buổi sáng bình thường ở Hà Nội.', en: 'An ordinary morning in Hà Nội.' },
  ],
}
