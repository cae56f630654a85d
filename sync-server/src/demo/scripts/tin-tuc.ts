/** Advanced, central voice: a morning news bulletin at natural speed, each sentence said once. */
import type { DemoScript } from './script.ts'

export const tinTuc: DemoScript = {
  repeat: 1,
  lines: [
    { vi: 'Xin chào quý vị, đây là bản tin buổi sáng hôm nay.' },
    { vi: 'Trước hết là tin thời tiết.' },
    { vi: 'Do ảnh hưởng của không khí lạnh, các tỉnh miền Trung có mưa vừa đến mưa to, nhiệt độ giảm từ ba đến năm độ.' },
    { vi: 'Tại Huế, mực nước sông Hương đang lên, người dân ở vùng trũng được khuyến cáo chủ động phòng tránh ngập lụt.' },
    { vi: 'Ở Đà Nẵng, tàu thuyền đã được yêu cầu vào bờ tránh gió mạnh trên biển.' },
    { vi: 'Trong khi đó, Hà Nội trời rét, sáng sớm có sương mù, còn Thành phố Hồ Chí Minh nắng nóng, cao nhất khoảng ba mươi ba độ.' },
    { vi: 'Tiếp theo là tin kinh tế.' },
    { vi: 'Theo số liệu mới công bố, lượng khách du lịch quốc tế đến Việt Nam trong mười tháng đầu năm tăng mạnh so với cùng kỳ năm ngoái.' },
    { vi: 'Các điểm đến được yêu thích nhất vẫn là Hạ Long, Hội An, Huế và Phú Quốc.' },
    { vi: 'Nhiều khách sạn nhỏ cho biết họ đã kín phòng đến hết tháng Mười Hai.' },
    { vi: 'Giá cà phê xuất khẩu tiếp tục tăng, mang lại niềm vui cho nông dân Tây Nguyên sau nhiều năm khó khăn.' },
    { vi: 'Về giáo dục, nhiều trường học ở vùng núi phía Bắc đã được trang bị thêm máy tính.' },
    { vi: 'Các thầy cô cho biết học sinh hào hứng hơn hẳn, nhất là trong giờ học tiếng Anh.' },
    { vi: 'Về văn hóa, Lễ hội Huế năm nay sẽ diễn ra vào đầu tháng Sáu, với nhiều chương trình nghệ thuật truyền thống.' },
    { vi: 'Ban tổ chức dự kiến đón hàng trăm nghìn lượt khách trong và ngoài nước.' },
    { vi: 'Cuối cùng là tin thể thao.' },
    { vi: 'Tối qua, đội tuyển bóng đá nữ Việt Nam đã thắng với tỉ số hai không trong một trận giao hữu.' },
    { vi: 'Huấn luyện viên đánh giá cao tinh thần thi đấu của các cầu thủ trẻ.' },
    { vi: 'Bản tin của chúng tôi đến đây là kết thúc.' },
    { vi: 'Cảm ơn quý vị đã theo dõi, hẹn gặp lại vào bản tin tối nay.' },
  ],
}
