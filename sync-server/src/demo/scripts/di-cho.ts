/**
 * Beginner, northern voice, "Một ngày ở Hà Nội" episode 2: at the market with mother. Each line said
 * twice, then the story once more. Hà Nội words: hoa quả (fruit), cân (kilo), mớ (a bunch).
 */
import type { DemoScript } from './script.ts'

export const diCho: DemoScript = {
  repeat: 2,
  retell: { vi: 'Bây giờ, chúng ta nghe lại cả câu chuyện.', en: 'Now let us listen to the whole story again.' },
  lines: [
    { vi: 'Hôm nay là chủ nhật.', en: 'Today is Sunday.' },
    { vi: 'Lan không phải đi làm.', en: 'Lan does not have to go to work.' },
    { vi: 'Lan đi chợ với mẹ.', en: 'Lan goes to the market with her mother.' },
    { vi: 'Chợ ở gần nhà.', en: 'The market is near the house.' },
    { vi: 'Hai mẹ con đi bộ đến chợ.', en: 'Mother and daughter walk to the market.' },
    { vi: 'Chợ rất đông và ồn ào.', en: 'The market is crowded and noisy.' },
    { vi: 'Có rau, có thịt, có cá.', en: 'There are vegetables, meat and fish.' },
    { vi: 'Có cả hoa quả nữa.', en: 'There is fruit too.' },
    { vi: 'Người bán hàng mời khách mua.', en: 'The sellers call out to the shoppers.' },
    { vi: 'Mẹ muốn mua rau muống.', en: 'Mother wants to buy water spinach.' },
    { vi: 'Rau này bao nhiêu tiền một mớ hả chị?', en: 'How much is a bunch of this, miss?' },
    { vi: 'Mười nghìn một mớ.', en: 'Ten thousand a bunch.' },
    { vi: 'Mẹ mua hai mớ.', en: 'Mother buys two bunches.' },
    { vi: 'Sau đó, hai mẹ con đi mua cá.', en: 'Then the two of them go to buy fish.' },
    { vi: 'Cá còn tươi lắm.', en: 'The fish is very fresh.' },
    { vi: 'Mẹ hỏi giá cá.', en: 'Mother asks the price of the fish.' },
    { vi: 'Mẹ mặc cả một chút.', en: 'Mother haggles a little.' },
    { vi: 'Cuối cùng, mẹ mua một con cá to.', en: 'In the end, mother buys a big fish.' },
    { vi: 'Lan thấy một hàng hoa quả.', en: 'Lan sees a fruit stall.' },
    { vi: 'Lan mua một cân cam.', en: 'Lan buys a kilo of oranges.' },
    { vi: 'Cam ngọt và mọng nước.', en: 'The oranges are sweet and juicy.' },
    { vi: 'Bố rất thích ăn cam.', en: 'Father loves oranges.' },
    { vi: 'Túi của mẹ nặng quá.', en: 'Mother\'s bag is very heavy.' },
    { vi: 'Lan xách túi giúp mẹ.', en: 'Lan carries the bag for her mother.' },
    { vi: 'Mẹ cười và nói: con ngoan quá.', en: 'Mother smiles and says: what a good girl.' },
    { vi: 'Hai mẹ con đi về nhà.', en: 'The two of them walk home.' },
    { vi: 'Trưa nay, cả nhà ăn cá kho và rau muống luộc.', en: 'For lunch the family eats braised fish and boiled water spinach.' },
    { vi: 'Đi chợ với mẹ thật vui.', en: 'Going to the market with mother is fun.' },
  ],
}
