/**
 * The demo's own glossary, part two: the words of the intermediate and advanced scripts (buoi-toi,
 * tin-tuc), as in everyday.ts. A word both parts have is one entry, its glosses merged.
 */
export const EVENING_AND_NEWS_GLOSSARY = `
buổi tối: evening
sau: after; later; behind
ngày: day
làm việc: to work
hẹn gặp: to arrange to meet
bạn bè: friends
quán ăn: eatery; small restaurant
nhỏ: small; little
trong: in; inside; during; (of water) clear
phố cổ: the old quarter (of a city)
nằm: to lie; to be located
hẹp: narrow
lúc nào: any time; (with "cũng") always
cũng: also; too
đông khách: busy with customers
sớm: early
nên: so; therefore; should
đợi: to wait
trà đá: iced tea
khoảng: about; around
phút: minute
Minh: Minh (a man's name; also: bright)
Hoa: Hoa (a woman's name); flower
vừa: just (now); both... and... ("vừa ăn, vừa nói"); fitting
đi công tác: to go on a business trip
Đà Nẵng: Da Nang (a city in Central Vietnam)
về: to come back; to return; about; regarding
trông: to look (tired, happy); to seem
mệt: tired
mang theo: to bring along
hộp: box
bánh cốm: green rice cake (a Hanoi sweet)
làm: to do; to make; to work; as
quà: gift; present
bún chả: grilled pork with rice noodles
nem rán: fried spring rolls
đĩa: plate; dish
rau sống: fresh herbs and greens
trong lúc: while
chờ: to wait
đồ ăn: food
kể: to tell; to recount
chuyến đi: trip; journey
mình: oneself; one's own; I, we (casual)
anh ấy: he; him
biển: sea; beach
đẹp: beautiful; pretty
nước: water; country; (of fruit) juice
cát: sand
miền Trung: the Centre (of Vietnam)
nhanh: fast; quickly
lúc đầu: at first; in the beginning
không kịp: cannot keep up; not in time
bảo: to say; to tell
rằng: that (as in "said that")
thì: then; (as for)
sẽ: will; shall
quen: used to; familiar
thôi: just; only; that's all
được: (is done: the passive); can; to get
mang ra: to bring out; to serve
thơm phức: very fragrant; smelling delicious
chả nướng: grilled pork patties
trên: on; above; over
than hoa: charcoal
nước chấm: dipping sauce
chua: sour
bún: rice vermicelli
vừa miệng: just right (to the taste)
nhất: most; best; first
vỏ: skin; shell; wrapper
giòn: crispy; crunchy
mà: but; yet; while
nhân: filling (of a roll or cake)
mềm: soft; tender
nói chuyện: to talk; to chat
công việc: work; job
gia đình: family
sắp: about to; soon
chuyển: to move
vào: into; in; to go in; on (a date)
Sài Gòn: Saigon (Ho Chi Minh City)
để: in order to; so that
công ty: company
mới: new; newly; just
buồn: sad
mừng: glad; happy (for someone)
hứa: to promise
dịp Tết: at Tết (the Lunar New Year)
thăm: to visit
họ: they; them
đi dạo: to go for a stroll
quanh: around
hồ: lake
Hoàn Kiếm: Hoàn Kiếm (the lake of the returned sword, in Hanoi)
tối: evening; night; dark
cuối tuần: weekend
tập thể dục: to exercise; to work out
chơi: to play
đá cầu: shuttlecock kicking (a street game)
nhóm: group
bạn trẻ: young people
đang: (is doing: now, in progress)
hát: to sing
gió: wind
từ: from; since
mặt hồ: the surface of the lake
thổi: to blow
mát rượi: pleasantly cool
dừng lại: to stop
kem: ice cream
Tràng Tiền: Tràng Tiền (a street in Hanoi, and its famous ice cream)
vẫn: still
sáng đèn: lit up
nhộn nhịp: bustling; lively
người bạn: friend
nghĩ: to think
những: (makes a plural: "những buổi tối", evenings)
như thế này: like this
đáng quý: precious; to be treasured
chia tay: to part; to say goodbye
nhau: each other; one another
đầu phố: the end of the street
hẹn: to promise to meet; to arrange
tuần sau: next week
gặp lại: to meet again
trong lòng: in one's heart; inside
ấm áp: warm; cosy
kết thúc: to end; end
như vậy: like that; so; thus
quý vị: ladies and gentlemen; you (to an audience)
đây: here; this
bản tin: news bulletin
trước hết: first of all
tin: news
thời tiết: weather
do: because of; due to
ảnh hưởng: influence; effect
không khí lạnh: cold air (a cold air mass)
không khí: air
tỉnh: province
mưa vừa: moderate rain
mưa to: heavy rain
mưa: rain; to rain
nhiệt độ: temperature
giảm: to fall; to drop; to decrease
độ: degree
tại: at; in
Huế: Huế (the old imperial city)
mực nước: water level
sông Hương: the Perfume River (in Huế)
lên: to rise; to go up
người dân: residents; people
vùng trũng: low-lying areas
khuyến cáo: to advise; to warn
chủ động: proactively; on one's own initiative
phòng tránh: to guard against; to prevent
ngập lụt: flooding
tàu thuyền: boats and ships
yêu cầu: to require; to ask; request
vào bờ: to come ashore; to go to shore
tránh: to avoid; to shelter from
gió mạnh: strong wind
trong khi đó: meanwhile
trời rét: bitterly cold weather
sáng sớm: early morning
sương mù: fog; mist
thành phố: city
Hồ Chí Minh: Ho Chi Minh (the city's name, after the leader)
nắng nóng: hot and sunny; a heatwave
cao nhất: highest; at most
mươi: -ty (tens: "ba mươi", thirty)
tiếp theo: next
kinh tế: economy
theo: according to; to follow
số liệu: figures; data
công bố: to announce; to publish
lượng: amount; number
khách du lịch: tourists; visitors
quốc tế: international
Việt Nam: Vietnam
tháng: month
đầu năm: the start of the year
tăng mạnh: to rise sharply
so với: compared with
cùng kỳ: the same period
năm ngoái: last year
điểm đến: destination
yêu thích: to love; favourite
Hạ Long: Hạ Long (the bay)
Hội An: Hội An (the old town)
Phú Quốc: Phú Quốc (the island)
khách sạn: hotel
cho biết: to say; to report
kín phòng: fully booked
tháng Mười Hai: December
xuất khẩu: export; to export
tiếp tục: to continue; to go on
tăng: to rise; to increase
mang lại: to bring
niềm vui: joy
nông dân: farmers
Tây Nguyên: the Central Highlands
khó khăn: hardship; difficult
giáo dục: education
trường học: school
vùng núi: mountain areas
phía Bắc: the North
trang bị: to equip
máy tính: computer
thầy cô: teachers
học sinh: pupils; students
hào hứng: enthusiastic; excited
hơn hẳn: much more; far more
giờ học: lesson; class time
tiếng Anh: English (the language)
văn hóa: culture
lễ hội: festival
năm nay: this year
diễn ra: to take place
tháng Sáu: June
chương trình: programme; show
nghệ thuật: art; arts
truyền thống: traditional; tradition
ban tổ chức: the organisers
dự kiến: to expect; to plan
đón: to welcome; to receive
hàng trăm: hundreds
lượt khách: visits; visitors
trong và ngoài nước: from home and abroad
thể thao: sport
tối qua: last night
đội tuyển: national team; squad
bóng đá: football
nữ: women's; female
thắng: to win
tỉ số: score
trận: match; game
giao hữu: friendly (a friendly match)
huấn luyện viên: coach
đánh giá cao: to rate highly; to praise
tinh thần: spirit
thi đấu: to compete; to play (a match)
cầu thủ: player (of football)
trẻ: young
chúng tôi: we; us (not including you)
theo dõi: to follow; to watch
hẹn gặp lại: see you again
tối nay: tonight; this evening
`
