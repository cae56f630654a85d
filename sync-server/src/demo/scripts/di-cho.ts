/**
 * Beginner, northern voice, "Một ngày ở Hà Nội" episode 2: at the market with mother. Each line said
 * twice, then the story once more. Hà Nội words: hoa quả (fruit), cân (kilo), mớ (a bunch).
 */
import type { DemoScript } from './script.ts'

export const diCho: DemoScript = {
  repeat: 2,
  retell: { said: 'Bây giờ, chúng ta nghe lại cả câu chuyện.', en: 'Now let us listen to the whole story again.' },
  lines: [
    { said: 'Hôm nay là chủ nhật.', en: 'Today is Sunday.' },
    { said: 'Lan không phải đi làm.', en: 'Lan does not have to go to work.' },
    { said: 'Lan đi chợ với mẹ.', en: 'Lan goes to the market with her mother.' },
    { said: 'Chợ ở gần nhà.', en: 'The market is near the house.' },
    { said: 'Hai mẹ con đi bộ đến chợ.', en: 'Mother and daughter walk to the market.' },
    { said: 'Chợ rất đông và ồn ào.', en: 'The market is crowded and noisy.' },
    { said: 'Có rau, có thịt, có cá.', en: 'There are vegetables, meat and fish.' },
    { said: 'Có cả hoa quả nữa.', en: 'There is fruit too.' },
    { said: 'Người bán hàng mời khách mua.', en: 'The sellers call out to the shoppers.' },
    { said: 'Mẹ muốn mua rau muống.', en: 'Mother wants to buy water spinach.' },
    { said: 'Rau này bao nhiêu tiền một mớ hả chị?', en: 'How much is a bunch of this, miss?' },
    { said: 'Mười nghìn một mớ.', en: 'Ten thousand a bunch.' },
    { said: 'Mẹ mua hai mớ.', en: 'Mother buys two bunches.' },
    { said: 'Sau đó, hai mẹ con đi mua cá.', en: 'Then the two of them go to buy fish.' },
    { said: 'Cá còn tươi lắm.', en: 'The fish is very fresh.' },
    { said: 'Mẹ hỏi giá cá.', en: 'Mother asks the price of the fish.' },
    { said: 'Mẹ mặc cả một chút.', en: 'Mother haggles a little.' },
    { said: 'Cuối cùng, mẹ mua một con cá to.', en: 'In the end, mother buys a big fish.' },
    { said: 'Lan thấy một hàng hoa quả.', en: 'Lan sees a fruit stall.' },
    { said: 'Lan mua một cân cam.', en: 'Lan buys a kilo of oranges.' },
    { said: 'Cam ngọt và mọng nước.', en: 'The oranges are sweet and juicy.' },
    { said: 'Bố rất thích ăn cam.', en: 'Father loves oranges.' },
    { said: 'Túi của mẹ nặng quá.', en: 'Mother\'s bag is very heavy.' },
    { said: 'Lan xách túi giúp mẹ.', en: 'Lan carries the bag for her mother.' },
    { said: 'Mẹ cười và nói: con ngoan quá.', en: 'Mother smiles and says: what a good girl.' },
    { said: 'Hai mẹ con đi về nhà.', en: 'The two of them walk home.' },
    { said: 'Trưa nay, cả nhà ăn cá kho và rau muống luộc.', en: 'For lunch the family eats braised fish and boiled water spinach.' },
    { said: 'Đi chợ với mẹ thật vui.', en: 'Going to the market with mother is fun.' },
  ],
}
