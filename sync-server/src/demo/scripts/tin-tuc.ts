/** Advanced, central voice: a morning news bulletin at natural speed, each sentence said once. */
import type { DemoScript } from './script.ts'

export const tinTuc: DemoScript = {
  repeat: 1,
  lines: [
    { said: 'Xin chào quý vị, đây là bản tin buổi sáng hôm nay.' },
    { said: 'Trước hết là tin thời tiết.' },
    { said: 'Do ảnh hưởng của không khí lạnh, các tỉnh miền Trung có mưa vừa đến mưa to, nhiệt độ giảm từ ba đến năm độ.' },
    { said: 'Tại Huế, mực nước sông Hương đang lên, người dân ở vùng trũng được khuyến cáo chủ động phòng tránh ngập lụt.' },
    { said: 'Ở Đà Nẵng, tàu thuyền đã được yêu cầu vào bờ tránh gió mạnh trên biển.' },
    { said: 'Trong khi đó, Hà Nội trời rét, sáng sớm có sương mù, còn Thành phố Hồ Chí Minh nắng nóng, cao nhất khoảng ba mươi ba độ.' },
    { said: 'Tiếp theo là tin kinh tế.' },
    { said: 'Theo số liệu mới công bố, lượng khách du lịch quốc tế đến Việt Nam trong mười tháng đầu năm tăng mạnh so với cùng kỳ năm ngoái.' },
    { said: 'Các điểm đến được yêu thích nhất vẫn là Hạ Long, Hội An, Huế và Phú Quốc.' },
    { said: 'Nhiều khách sạn nhỏ cho biết họ đã kín phòng đến hết tháng Mười Hai.' },
    { said: 'Giá cà phê xuất khẩu tiếp tục tăng, mang lại niềm vui cho nông dân Tây Nguyên sau nhiều năm khó khăn.' },
    { said: 'Về giáo dục, nhiều trường học ở vùng núi phía Bắc đã được trang bị thêm máy tính.' },
    { said: 'Các thầy cô cho biết học sinh hào hứng hơn hẳn, nhất là trong giờ học tiếng Anh.' },
    { said: 'Về văn hóa, Lễ hội Huế năm nay sẽ diễn ra vào đầu tháng Sáu, với nhiều chương trình nghệ thuật truyền thống.' },
    { said: 'Ban tổ chức dự kiến đón hàng trăm nghìn lượt khách trong và ngoài nước.' },
    { said: 'Cuối cùng là tin thể thao.' },
    { said: 'Tối qua, đội tuyển bóng đá nữ Việt Nam đã thắng với tỉ số hai không trong một trận giao hữu.' },
    { said: 'Huấn luyện viên đánh giá cao tinh thần thi đấu của các cầu thủ trẻ.' },
    { said: 'Bản tin của chúng tôi đến đây là kết thúc.' },
    { said: 'Cảm ơn quý vị đã theo dõi, hẹn gặp lại vào bản tin tối nay.' },
  ],
}
