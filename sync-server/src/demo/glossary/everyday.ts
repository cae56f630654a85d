/**
 * The demo's own glossary (written for the demo, so its licence is ours), part one: the words of the
 * introductory and beginner scripts (xin-chao, mau-sac, so-dem, buoi-sang, di-cho). One entry a line:
 * `headword: gloss; gloss`, the glosses in the sense the scripts use first. Names are glossed as names.
 */
export const EVERYDAY_GLOSSARY = `
xin chào: hello; hi (polite)
chào: hello; hi; goodbye (a greeting)
xin: to ask for; please (polite)
tôi: I; me
bạn: you (to a friend or an equal); friend
là: to be (is, am, are)
Lan: Lan (a woman's name; also: orchid)
Nam: Nam (a man's name); south; male
tên: name; to be named
gì: what
khỏe: well; healthy; strong
không: no; not; (at the end of a question) or not?; zero (in a score)
cảm ơn: thank you; thanks
tạm biệt: goodbye
màu: colour
đỏ: red
vàng: yellow; gold
xanh: green or blue (the colour of leaves and of the sky)
xanh lá: green (leaf green)
xanh dương: blue
trắng: white
đen: black
cái: (the classifier for things: "cái bàn", a table); thing
này: this
cái này: this (thing); this one
vậy: so; then (softens a question: "màu gì vậy?")
nhà: house; home
cửa: door
bàn: table; desk
ghế: chair
một: one; a
hai: two
ba: three
bốn: four
năm: five; year
sáu: six
bảy: seven
tám: eight
chín: nine
mười: ten
người: person; people
mấy: how many (a small number)
bao nhiêu: how many; how much
con: (the classifier for animals: "con mèo", a cat); child; I (a child to a parent)
mèo: cat
chó: dog
có: to have; there is, there are; (some)
bây giờ: now
chúng ta: we; us (you and I together)
nghe: to listen; to hear
nghe lại: to listen again
lại: again; (but, on the other hand)
cả: whole; all; even, too
câu chuyện: story
giờ: hour; o'clock; time
sáng: morning; bright
thức dậy: to wake up; to get up
trời: sky; weather
hôm nay: today
hơi: a bit; slightly
lạnh: cold
đánh răng: to brush one's teeth
và: and
rửa mặt: to wash one's face
mặc: to wear; to put on (clothes)
áo ấm: warm coat; warm clothes
nhìn: to look; to look at
ra: out; to go out
cửa sổ: window
ngoài: outside; out
phố: street; town
đã: already; (marks the past)
nhiều: many; much; a lot
đói bụng: hungry
đi: to go
ra ngoài: to go out; outside
đầu: head; beginning; the end (of a lane or street)
ngõ: lane; alley
quán: shop; eatery; café
phở: phở (rice noodle soup)
rất: very
đông: crowded; many people; (also: east, winter)
đông người: crowded
gọi: to order (food); to call
bát: bowl
phở bò: beef phở
nóng: hot
thơm: fragrant; smells good
cho: to give; to put in; for
thêm: more; extra; to add
một chút: a little; a bit
chanh: lime; lemon
ớt: chilli
ăn: to eat
chậm: slow; slowly
hết: all; up (eat it all); to the end
xong: finished; done
muốn: to want
uống: to drink
cà phê: coffee
ở: at; in; to be (somewhere); to live
quán cà phê: café; coffee shop
bên kia: the other side
đường: road; street; (also: sugar)
xe máy: motorbike; scooter
qua đường: to cross the street
cẩn thận: careful; carefully
cốc: glass; cup
cà phê nâu: coffee with milk ("brown coffee", in the North)
nâu: brown
với: with
sữa: milk
đắng: bitter
nhưng: but
ngon: tasty; delicious
ngồi: to sit
mọi người: everyone; everybody
đi làm: to go to work
các: (makes a plural: "các em", the children)
em nhỏ: young children; little ones
đi học: to go to school
rồi: already; (it is) now
trả tiền: to pay
chủ quán: the owner (of a shop or eatery)
buổi sáng: morning
bình thường: ordinary; normal; usual
Hà Nội: Hanoi (the capital)
chủ nhật: Sunday
không phải: not have to; it is not
đi chợ: to go to the market; to go shopping for food
mẹ: mother; mum
chợ: market
gần: near; close; nearly
mẹ con: mother and child
đi bộ: to walk; on foot
đến: to; to arrive; to come
ồn ào: noisy
rau: vegetables; greens
thịt: meat
cá: fish
hoa quả: fruit
nữa: too; as well; more
người bán hàng: seller; shopkeeper; vendor
mời: to invite; to offer
khách: customer; guest
mua: to buy
rau muống: water spinach (morning glory)
tiền: money
mớ: bunch (of greens)
hả: (a question word at the end of a line, asking for agreement)
chị: older sister; you (to a woman a little older)
nghìn: thousand
sau đó: after that; then
còn: still; and; while
tươi: fresh
lắm: very; so
hỏi: to ask
giá: price
mặc cả: to bargain; to haggle
cuối cùng: finally; in the end
to: big; large; heavy (rain)
thấy: to see; to feel
hàng: stall; goods; row
cân: kilogram; to weigh
cam: orange
ngọt: sweet
mọng nước: juicy
bố: father; dad
thích: to like
túi: bag
của: of; belonging to
nặng: heavy
quá: so; too
xách: to carry (by hand)
giúp: to help
cười: to smile; to laugh
nói: to say; to speak; to talk
ngoan: good; well-behaved (of a child)
về nhà: to go home; back home
trưa nay: this noon; at lunch today
cả nhà: the whole family
cá kho: fish braised in caramel sauce
luộc: boiled
thật: really; truly
vui: fun; happy; glad
`
